import { Alert, Box, Group, Pagination, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useClients, useImpersonate, useInviteClient } from '@/lib/api/taxpro/taxpro';
import { errorText } from '@/lib/api-client';
import { ACCESS_ENDED_EVENT, takeAccessEnded } from '@/lib/session/access-ended';
import { ClientList } from './client-list';
import { InviteForm } from './invite-form';

/** /tax_pro/dashboard: the accountant's clients, search and paging, and inviting a client by e-mail. */
export function TaxProDashboard() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const clients = useClients(q, page);
  const invite = useInviteClient();
  const enter = useImpersonate();
  // A client who revoked access while the accountant was inside: said here, once (issue 35.10).
  const [ended, setEnded] = useState(takeAccessEnded);
  // The revocation may be learnt after this page is already on screen (the socket closing, or a
  // refused request racing the redirect here).
  useEffect(() => {
    const show = () => {
      const message = takeAccessEnded();
      if (message) setEnded(message);
    };
    window.addEventListener(ACCESS_ENDED_EVENT, show);
    return () => window.removeEventListener(ACCESS_ENDED_EVENT, show);
  }, []);

  return (
    <Box>
      <PageHeader
        title="Tax Pro dashboard"
        description="Your clients, their tax years and what needs review."
      />
      {ended ? (
        <Alert
          color="orange"
          mb="md"
          maw={640}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setEnded(null)}
          data-testid="access-ended"
        >
          {ended}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md" mb="md" maw={640}>
        <InviteForm
          label="Invite a client by e-mail"
          busy={invite.isPending}
          error={invite.error ? errorText(invite.error) : null}
          onInvite={(email, done) =>
            invite.mutate(email, {
              onSuccess: (res) => {
                done();
                notifications.show({ color: 'green', message: res.message ?? 'Invitation sent' });
              },
            })
          }
        />
      </Paper>
      <TextInput
        mb="md"
        maw={420}
        aria-label="Search clients"
        placeholder="Search by name or e-mail"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {clients.isPending ? (
        <LoadingState label="Loading clients…" />
      ) : clients.isError || !clients.data ? (
        <ErrorState
          title="Could not load your clients"
          message={errorText(clients.error)}
          onRetry={() => void clients.refetch()}
        />
      ) : clients.data.data.length === 0 ? (
        <EmptyState
          title={q ? 'No client matches' : 'No clients yet'}
          description={
            q
              ? 'Try another name or e-mail.'
              : 'Invite a client above, or ask them to add you under “Add your accountant”.'
          }
        />
      ) : (
        <>
          {enter.error ? (
            <Text c="red" fz="sm" mb="sm" role="alert">
              {errorText(enter.error)}
            </Text>
          ) : null}
          <ClientList
            rows={clients.data.data}
            opening={enter.isPending ? (enter.variables ?? null) : null}
            onOpen={(row) => enter.mutate(row.id)}
          />
          {clients.data.meta.total_pages > 1 ? (
            <Group justify="center" mt="md">
              <Pagination total={clients.data.meta.total_pages} value={page} onChange={setPage} size="sm" />
            </Group>
          ) : null}
        </>
      )}
    </Box>
  );
}
