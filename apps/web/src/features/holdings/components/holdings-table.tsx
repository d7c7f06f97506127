import type { HoldingRow } from '@lotwise/contracts/holdings/holdings';
import { Paper, Stack, Table, Text } from '@mantine/core';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { formatCrypto, formatMoney } from '@/lib/format/amount';
import { gainColor, priceNote, withPlus } from '@/lib/format/display';

/** A lot bought without a price: the basis (and the gain) are Unknown, never $0.00 (issue 35). */
const UNKNOWN_BASIS = 'Unknown: bought without a price';

function Basis({ row, currency }: { row: HoldingRow; currency: string }) {
  if (row.cost_basis !== null) return <>{formatMoney(row.cost_basis, currency)}</>;
  return (
    <Text span fz="sm" c="red.8" title={UNKNOWN_BASIS} data-testid="basis-unknown">
      Unknown
    </Text>
  );
}

function Gain({ row, currency }: { row: HoldingRow; currency: string }) {
  if (row.unrealised_gain === null)
    return <Text span>{row.basis_unknown_lots > 0 && row.market_value !== null ? 'Unknown' : '—'}</Text>;
  return (
    <Text span c={gainColor(row.unrealised_gain)} fw={500}>
      {withPlus(formatMoney(row.unrealised_gain, currency), row.unrealised_gain)}
    </Text>
  );
}

function Value({ row, currency, label }: { row: HoldingRow; currency: string; label?: string }) {
  const note = priceNote(row.price_source);
  return (
    <>
      <Text fz="sm">
        {label}
        {formatMoney(row.market_value, currency)}
      </Text>
      {note ? (
        <Text fz="xs" c="dimmed" data-testid="price-note">
          {formatMoney(row.unit_price, currency)} each, {note}
        </Text>
      ) : (
        <Text fz="xs" c="dimmed">
          no known price
        </Text>
      )}
    </>
  );
}

/** Holdings rows: a table on desktop, one card per row on phones. */
export function HoldingsTable({
  rows,
  currency,
  bySource,
}: {
  rows: HoldingRow[];
  currency: string;
  bySource: boolean;
}) {
  const mobile = useIsMobile();
  if (mobile) {
    return (
      <Stack gap="sm" data-testid="holdings-cards">
        {rows.map((r) => (
          <Paper key={`${r.asset}-${r.account}`} withBorder radius="md" p="sm" data-testid="holding-row">
            <Text fw={700}>
              {formatCrypto(r.quantity)} {r.asset}
            </Text>
            {bySource ? (
              <Text fz="xs" c="dimmed">
                {r.account}
              </Text>
            ) : null}
            <Text fz="sm" mt={4}>
              Cost basis <Basis row={r} currency={currency} />
            </Text>
            {r.basis_unknown_lots > 0 ? (
              <Text fz="xs" c="dimmed">
                {UNKNOWN_BASIS}: add the missing prices, then calculate again
              </Text>
            ) : null}
            <Value row={r} currency={currency} label="Market value " />
            <Text fz="sm" mt={4}>
              Unrealised gain <Gain row={r} currency={currency} />
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="holdings-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Asset</Table.Th>
            {bySource ? <Table.Th>Account</Table.Th> : null}
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Cost basis</Table.Th>
            <Table.Th ta="right">Market value</Table.Th>
            <Table.Th ta="right">Unrealised gain</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.asset}-${r.account}`} data-testid="holding-row">
              <Table.Td fw={600}>{r.asset}</Table.Td>
              {bySource ? <Table.Td>{r.account}</Table.Td> : null}
              <Table.Td ta="right">{formatCrypto(r.quantity)}</Table.Td>
              <Table.Td ta="right">
                <Basis row={r} currency={currency} />
              </Table.Td>
              <Table.Td ta="right">
                <Value row={r} currency={currency} />
              </Table.Td>
              <Table.Td ta="right">
                <Gain row={r} currency={currency} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
