import type { CustomerCpa } from '@lotwise/contracts/taxpro/taxpro';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useAccountants, useInviteAccountant, useRevokeAccountant } from '@/lib/api/taxpro/taxpro';
import { errorText } from '@/lib/api-client';
import { shortenEmail } from '@/lib/format/text';
import { InviteForm } from './invite-form';

const STATUS: Record<CustomerCpa['invited'], { label: string; color: string }> = {
  pending: { label: 'Invited', color: 'yellow' },
  accepted: { label: 'Has access', color: 'teal' },
  revoked: { label: 'Revoked', color: 'gray' },
  declined: { label: 'Declined', color: 'gray' },
};

/** Ending an accountant's access (or withdrawing an invitation) asks first (issue 35.10). */
function confirmRevoke(a: CustomerCpa, onConfirm: () => void): void {
  const who = a.name ?? a.email;
  const accepted = a.invited === 'accepted';
  modals.openConfirmModal({
    title: accepted ? `Revoke ${who}'s access?` : `Withdraw the invitation to ${who}?`,
    centered: true,
    children: (
      <Text fz="sm">
        {accepted
          ? `${who} will no longer see or work in your account; if they are in it now, they are taken out at once. You can invite them again later.`
          : `The link e-mailed to ${a.email} will stop working. You can invite them again later.`}
      </Text>
    ),
    labels: { confirm: accepted ? 'Revoke access' : 'Withdraw', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/** /work_with_tax_pro: invite an accountant by e-mail, see who has access, revoke it. */
export function AccountantsPanel() {
  const list = useAccountants();
  const invite = useInviteAccountant();
  const revoke = useRevokeAccountant();
  return (
    <Paper withBorder radius="md" p="md" maw={720} mb="md">
      <Title order={2} fz="md" mb={4}>
        Your accountants
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        An accountant you invite can work in your account: see your transactions and reports and fix them.
        They never see your password, two-factor secrets or exchange API secrets, and every request they make
        is listed below.
      </Text>
      <InviteForm
        label="Accountant's e-mail"
        busy={invite.isPending}
        error={invite.error ? errorText(invite.error) : null}
        onInvite={(email, done) =>
          invite.mutate(email, {
            onSuccess: () => {
              done();
              notifications.show({ color: 'green', message: `Invitation sent to ${email}` });
            },
          })
        }
      />
      {list.isPending ? (
        <LoadingState label="Loading your accountants…" />
      ) : list.isError || !list.data ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <Text fz="sm" c="dimmed" mt="sm">
          No accountant yet.
        </Text>
      ) : (
        <Stack gap="xs" mt="md">
          {list.data.data.map((a) => (
            <Group key={a.id} justify="space-between" wrap="wrap" gap="xs" data-testid="accountant-row">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fz="sm" fw={600}>
                  {a.name ?? shortenEmail(a.email)}
                </Text>
                <Text fz="xs" c="dimmed" title={a.email} style={{ overflowWrap: 'anywhere' }}>
                  {shortenEmail(a.email)}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                <Badge color={STATUS[a.invited].color} variant="light" style={{ flexShrink: 0 }}>
                  {STATUS[a.invited].label}
                </Badge>
                {a.invited === 'pending' || a.invited === 'accepted' ? (
                  <Button
                    size="xs"
                    color="red"
                    variant="subtle"
                    loading={revoke.isPending && revoke.variables === a.id}
                    onClick={() =>
                      confirmRevoke(a, () =>
                        revoke.mutate(a.id, {
                          onSuccess: () =>
                            notifications.show({
                              color: 'green',
                              message: a.invited === 'accepted' ? 'Access revoked' : 'Invitation withdrawn',
                            }),
                        }),
                      )
                    }
                  >
                    {a.invited === 'accepted' ? 'Revoke' : 'Withdraw'}
                  </Button>
                ) : null}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
