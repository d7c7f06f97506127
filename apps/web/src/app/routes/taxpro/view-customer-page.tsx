import { Anchor, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { YearStatus } from '@/features/tax/components/years-table';
import { calculationLabel } from '@/features/taxpro/calculation-label';
import { InvitePayForm } from '@/features/taxpro/components/invite-pay-form';
import { useClient, useImpersonate } from '@/lib/api/taxpro/taxpro';
import { errorText } from '@/lib/api-client';
import { useBillingEnabled } from '@/lib/billing-status';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Paper>
  );
}

/**
 * /tax_pro/view_customer?id= (also /tax_pro/payments/invitation?clientId&taxYear&planId and
 * /tax_pro/paymentForm?id&taxYear&type until billing can take the accountant's payment): one client.
 */
export function ViewCustomerPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? params.get('clientId') ?? 0);
  const client = useClient(id);
  const enter = useImpersonate();
  // Billing off: no plan and no invitation to pay (nothing is sold on this instance).
  const billing = useBillingEnabled();
  const back = (
    <Anchor component={Link} to={paths.taxPro.dashboard.path} fz="sm">
      <IconArrowLeft size={14} style={{ verticalAlign: '-2px' }} /> All clients
    </Anchor>
  );
  if (!id) return <ErrorState title="No client chosen" message="Open a client from the Tax Pro dashboard." />;
  if (client.isPending) return <LoadingState label="Loading client…" />;
  if (client.isError || !client.data)
    return (
      <Box>
        {back}
        <ErrorState title="Could not load this client" message={errorText(client.error)} />
      </Box>
    );
  const c = client.data.data;
  return (
    <Box>
      {back}
      <PageHeader
        title={c.name ?? c.email}
        description={<span style={{ overflowWrap: 'anywhere' }}>{c.email}</span>}
        actions={
          <Button
            leftSection={<IconEye size={16} />}
            loading={enter.isPending}
            onClick={() => enter.mutate(c.id)}
          >
            Open account
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" mb="md">
        <Figure label="Tax years" value={c.tax_years.join(', ') || '—'} />
        <Figure label="Calculation" value={calculationLabel(c)} />
        <Figure label="Transactions" value={c.transactions.toLocaleString('en-US')} />
        <Figure label="Missing prices" value={c.missing_prices} />
        <Figure label="Insufficient balance" value={c.insufficient_balance} />
        <Figure label="Last activity" value={c.last_activity?.slice(0, 10) ?? '—'} />
      </SimpleGrid>
      {c.years.length > 0 ? (
        <Paper withBorder radius="md" p="md" maw={640} mb="md" data-testid="client-years">
          <Title order={2} fz="md" mb="xs">
            Tax years
          </Title>
          <Stack gap="xs">
            {c.years.map((y) => (
              <Group
                key={y.year}
                justify="space-between"
                wrap="wrap"
                gap="xs"
                data-testid={`client-year-${y.year}`}
              >
                <Text fw={600}>{y.year}</Text>
                <YearStatus stale={y.out_of_date} missing={y.missing_prices} />
              </Group>
            ))}
          </Stack>
          {c.stale_reasons.length > 0 ? (
            <Text fz="xs" c="dimmed" mt="xs" data-testid="client-stale-reasons">
              Out of date: {c.stale_reasons.join(' ')} The client (or you, in their account) can recalculate.
            </Text>
          ) : null}
        </Paper>
      ) : null}
      {billing ? (
        <Paper withBorder radius="md" p="md" maw={640} data-testid="client-plan">
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="md">
              Plan
            </Title>
            <Badge variant="light">{c.plan ?? 'No plan'}</Badge>
          </Group>
          <InvitePayForm
            clientId={c.id}
            plan={params.get('planId') ?? params.get('type')}
            year={params.get('taxYear')}
          />
        </Paper>
      ) : null}
    </Box>
  );
}
