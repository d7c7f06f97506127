import type { BillingRow } from '@lotwise/contracts/billing/billing';
import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { rowAmount, rowDate, sourceLabel } from '../utils/billing-history';
import { BillingStatusBadge } from './billing-status-badge';
import { ReceiptLink } from './receipt-link';

/** Desktop: one table row per payment or granted plan. */
export function BillingHistoryTable({ rows }: { rows: BillingRow[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="billing-history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tax year</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="billing-row" data-status={row.status}>
              <Table.Td fw={600}>{row.tax_year}</Table.Td>
              <Table.Td>{row.plan_name}</Table.Td>
              <Table.Td>{sourceLabel(row.source)}</Table.Td>
              <Table.Td>
                <BillingStatusBadge status={row.status} />
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {rowAmount(row)}
              </Table.Td>
              <Table.Td>{rowDate(row)}</Table.Td>
              <Table.Td ta="right">
                <ReceiptLink url={row.receipt_url} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per payment or granted plan. */
export function BillingHistoryCards({ rows }: { rows: BillingRow[] }) {
  return (
    <Stack gap="sm" data-testid="billing-history-cards">
      {rows.map((row) => (
        <Card key={row.id} withBorder radius="md" p="md" data-testid="billing-row" data-status={row.status}>
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Text fw={700}>
              {row.tax_year} · {row.plan_name}
            </Text>
            <BillingStatusBadge status={row.status} />
          </Group>
          <Group justify="space-between" wrap="nowrap">
            <Text fz="sm" c="dimmed">
              {sourceLabel(row.source)} · {rowDate(row)}
            </Text>
            <Text fz="sm" fw={600}>
              {rowAmount(row)}
            </Text>
          </Group>
          {row.receipt_url ? (
            <Group justify="flex-end" mt={6}>
              <ReceiptLink url={row.receipt_url} />
            </Group>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}
