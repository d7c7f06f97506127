import type { TransactionRow as Row } from '@lotwise/contracts/transactions/transaction-row';
import { Badge, Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { formatAmount } from '@/lib/format/amount';
import { shortenCurrencyCode } from '@/lib/format/text';
import { utcParts } from '../utils/date-input';
import { rowTypeLabel, subTypeLabel } from '../utils/labels';
import { AddressTooltip, AmountCell, RowWarnings, TotalCell } from './row-cells';
import { RowMenu } from './row-menu/row-menu';

const TYPE_COLORS: Record<string, string> = { buy: 'teal', sell: 'orange', trade: 'blue', transfer: 'grape' };

/** Transfer rows are named by what made them one (spec 02 §4: Self Transfer, Switch Trade, Swap). */
const TRANSFER_LABELS: Record<string, string> = {
  self_transfer: 'Self Transfer',
  switch_trade: 'Switch Trade',
  swap: 'Swap',
};

function typeLabel(row: Row): { label: string; color: string } {
  const color = TYPE_COLORS[row.type] ?? 'gray';
  const transfer = row.type === 'transfer' ? TRANSFER_LABELS[row.user_defined_type ?? ''] : undefined;
  if (transfer) return { label: transfer, color };
  return { label: row.type === 'transfer' ? 'Transfer' : rowTypeLabel(row), color };
}

const sourceName = (leg: { exchange_name: string; exchange: string }) =>
  leg.exchange_name === 'Manual' ? 'Other Wallets' : leg.exchange;

function TypeCell({ row }: { row: Row }) {
  const t = typeLabel(row);
  return (
    <Stack gap={2}>
      <Group gap={4} wrap="nowrap">
        <Badge color={t.color} variant="light" size="sm">
          {t.label}
        </Badge>
        {row.is_grouped_transaction ? (
          <Badge color="gray" variant="outline" size="xs" data-testid="group-badge">
            {row.gt_user_defined_type ? subTypeLabel(row.gt_user_defined_type) : 'Group'} ·{' '}
            {row.incoming.length + row.outgoing.length + row.fees.length}
          </Badge>
        ) : null}
        <RowMenu row={row} />
      </Group>
      <Text fz="xs" c="dimmed">
        {subTypeLabel(row.sub_type)} · {sourceName(row)}
        {row.partner ? ` → ${sourceName(row.partner)}` : ''}
      </Text>
      {row.address ? <AddressTooltip address={row.address} /> : null}
      <RowWarnings row={row} />
    </Stack>
  );
}

/**
 * What left the wallet. A fee-only row (CoinTracking's "Other Fee" for a fee paid in a third
 * asset, a network fee) has no sent or received amount: its fee is what left (issue 35.15).
 * Any other row with a fee shows it under what was sent, so a fee in a third asset (a BNB fee
 * on a USDT→ETH trade) is seen too.
 */
function OutAmount({ row }: { row: Row }) {
  const feeOnly = row.from_amount === null && row.to_amount === null && row.fee_amount !== null;
  if (!feeOnly)
    return (
      <Stack gap={0}>
        <AmountCell amount={row.from_amount} currency={row.from_currency} />
        <FeeLine amount={row.fee_amount} currency={row.fee_currency_code} />
      </Stack>
    );
  return (
    <Stack gap={0} data-testid="fee-only-amount">
      <AmountCell amount={row.fee_amount} currency={row.fee_currency_code} />
      <Text fz="xs" c="dimmed">
        fee
      </Text>
    </Stack>
  );
}

/** "fee 10 BNB" under a row's Out amount; nothing when the row has no (or a zero) fee. */
function FeeLine({ amount, currency }: { amount: string | null; currency: string | null }) {
  if (amount === null || currency === null || /^[-+]?0*\.?0*$/.test(amount)) return null;
  return (
    <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="row-fee">
      fee {formatAmount(amount, currency)} {shortenCurrencyCode(currency)}
    </Text>
  );
}

/** Self transfer, switch trade and rebrand rows have no checkbox (spec 02 §4). */
const selectable = (row: Row) => row.type !== 'transfer';

interface RowProps {
  row: Row;
  selected: boolean;
  onToggle: (id: number) => void;
}

export function TransactionTableRow({ row, selected, onToggle }: RowProps) {
  const { date, time } = utcParts(row.date);
  return (
    <Table.Tr data-testid="transaction-row" style={{ opacity: row.ignored ? 0.5 : 1 }}>
      <Table.Td>
        {selectable(row) ? (
          <Checkbox
            aria-label={`Select transaction ${row.id}`}
            checked={selected}
            onChange={() => onToggle(row.id)}
          />
        ) : null}
      </Table.Td>
      <Table.Td>
        <TypeCell row={row} />
      </Table.Td>
      <Table.Td>
        <Text fz="sm">{date}</Text>
        <Text fz="xs" c="dimmed">
          {time} UTC
        </Text>
      </Table.Td>
      <Table.Td>
        <OutAmount row={row} />
      </Table.Td>
      <Table.Td>
        <AmountCell amount={row.to_amount} currency={row.to_currency} />
      </Table.Td>
      <Table.Td>
        <TotalCell row={row} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Phones: a card per row with the same facts, stacked. */
export function TransactionCard({ row, selected, onToggle }: RowProps) {
  const { date, time } = utcParts(row.date);
  return (
    <Card withBorder p="sm" data-testid="transaction-row" style={{ opacity: row.ignored ? 0.5 : 1 }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {selectable(row) ? (
            <Checkbox
              aria-label={`Select transaction ${row.id}`}
              checked={selected}
              onChange={() => onToggle(row.id)}
            />
          ) : null}
          <TypeCell row={row} />
        </Group>
        <Stack gap={0} align="flex-end">
          <Text fz="xs">{date}</Text>
          <Text fz="xs" c="dimmed">
            {time} UTC
          </Text>
        </Stack>
      </Group>
      <Group justify="space-between" mt="xs" wrap="nowrap">
        <Stack gap={0}>
          <Text fz="xs" c="dimmed">
            Out
          </Text>
          <OutAmount row={row} />
        </Stack>
        <Stack gap={0}>
          <Text fz="xs" c="dimmed">
            In
          </Text>
          <AmountCell amount={row.to_amount} currency={row.to_currency} />
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text fz="xs" c="dimmed">
            Total
          </Text>
          <TotalCell row={row} />
        </Stack>
      </Group>
    </Card>
  );
}
