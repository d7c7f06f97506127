import type { ClientRow } from '@lotwise/contracts/taxpro/taxpro';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useBillingEnabled } from '@/lib/billing-status';
import { shortenEmail } from '@/lib/format/text';
import { calculationLabel } from '../calculation-label';

function Review({ row }: { row: ClientRow }) {
  if (row.status !== 'accepted') return <Text c="dimmed">—</Text>;
  if (row.missing_prices === 0 && row.insufficient_balance === 0)
    return (
      <Badge color="teal" variant="light">
        Clear
      </Badge>
    );
  return (
    <Stack gap={2}>
      {row.missing_prices > 0 ? <Text fz="xs">{row.missing_prices} missing prices</Text> : null}
      {row.insufficient_balance > 0 ? (
        <Text fz="xs">{row.insufficient_balance} insufficient balance</Text>
      ) : null}
    </Stack>
  );
}

/** spec 01 §5: a local part over 17 characters shows its first 7 and an ellipsis (whole in the tooltip). */
function Email({ email }: { email: string }) {
  return (
    <Text fz="xs" c="dimmed" title={email} style={{ overflowWrap: 'anywhere' }}>
      {shortenEmail(email)}
    </Text>
  );
}

/** The accountant's clients: who, years, calculation, review counts, plan, last activity, and the way in. */
export function ClientList({
  rows,
  opening,
  onOpen,
}: {
  rows: ClientRow[];
  opening: number | null;
  onOpen: (row: ClientRow) => void;
}) {
  const narrow = useMediaQuery('(max-width: 48em)');
  // Billing off: no plan column (nothing is sold on this instance).
  const billing = useBillingEnabled();
  const open = (row: ClientRow) =>
    row.status === 'accepted' ? (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconEye size={14} />}
        loading={opening === row.id}
        onClick={() => onOpen(row)}
      >
        Open
      </Button>
    ) : (
      <Badge color="yellow" variant="light">
        Invited
      </Badge>
    );
  if (narrow)
    return (
      <Stack gap="xs">
        {rows.map((row) => (
          <Paper key={row.link_id} withBorder radius="md" p="sm" data-testid="client-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0 }}>
                {row.status === 'accepted' ? (
                  <Anchor component={Link} to={paths.taxPro.viewCustomer.getHref(row.id)} fw={600} fz="sm">
                    {row.name ?? shortenEmail(row.email)}
                  </Anchor>
                ) : (
                  <Text fw={600} fz="sm">
                    {row.name ?? shortenEmail(row.email)}
                  </Text>
                )}
                <Email email={row.email} />
              </Stack>
              {open(row)}
            </Group>
            <Group gap="md" mt={6}>
              <Text fz="xs">{row.tax_years.join(', ') || 'No years yet'}</Text>
              <Text fz="xs">{calculationLabel(row)}</Text>
              <Text fz="xs">{row.transactions.toLocaleString('en-US')} transactions</Text>
            </Group>
            <Group mt={4} justify="space-between">
              <Review row={row} />
              {billing ? (
                <Text fz="xs" c="dimmed">
                  {row.plan ?? 'No plan'}
                </Text>
              ) : null}
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Paper withBorder radius="md">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Client</Table.Th>
            <Table.Th>Tax years</Table.Th>
            <Table.Th>Calculation</Table.Th>
            <Table.Th>Review</Table.Th>
            {billing ? <Table.Th>Plan</Table.Th> : null}
            <Table.Th>Last activity</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.link_id} data-testid="client-row">
              <Table.Td maw={260}>
                {row.status === 'accepted' ? (
                  <Anchor component={Link} to={paths.taxPro.viewCustomer.getHref(row.id)} fw={600} fz="sm">
                    {row.name ?? shortenEmail(row.email)}
                  </Anchor>
                ) : (
                  <Text fw={600} fz="sm">
                    {row.name ?? '—'}
                  </Text>
                )}
                <Email email={row.email} />
              </Table.Td>
              <Table.Td>{row.tax_years.join(', ') || '—'}</Table.Td>
              <Table.Td>
                <Text fz="sm">{calculationLabel(row)}</Text>
                <Text fz="xs" c="dimmed">
                  {row.transactions.toLocaleString('en-US')} transactions
                </Text>
              </Table.Td>
              <Table.Td>
                <Review row={row} />
              </Table.Td>
              {billing ? (
                <Table.Td>
                  <Text fz="xs">{row.plan ?? '—'}</Text>
                </Table.Td>
              ) : null}
              <Table.Td>
                <Text fz="xs">{row.last_activity ? row.last_activity.slice(0, 10) : '—'}</Text>
              </Table.Td>
              <Table.Td>{open(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
