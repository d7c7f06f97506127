import type { TieOutLineRow } from '@lotwise/contracts/tax/tie-out';
import { Anchor, List, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DisposalLots } from '@/components/tax/disposal-lots';
import { paths } from '@/config/paths';
import { formatCrypto, formatMoney } from '@/lib/format/amount';
import { LineFixes } from './line-fixes';

/** An opened tie-out line: why, its fixes, its Form 8949 row, and Lotwise's disposals with their lots. */
export function TieOutLineDetail({
  line,
  readOnly,
  onFixed,
}: {
  line: TieOutLineRow;
  readOnly: boolean;
  onFixed: () => void;
}) {
  const f = line.form_8949;
  return (
    <Stack gap="xs" py="xs" data-testid="tie-out-detail">
      <List size="sm" spacing={4}>
        {line.reasons.map((r) => (
          <List.Item key={r.code} data-testid={`reason-${r.code}`}>
            {r.text}
          </List.Item>
        ))}
      </List>
      <LineFixes line={line} readOnly={readOnly} onFixed={onFixed} />
      {f ? (
        <Text fz="sm" data-testid="tie-out-8949">
          Form 8949 box {f.box}: (d) {formatMoney(f.proceeds)} · (e) {formatMoney(f.cost_basis)}
          {f.code ? ` · (f) ${f.code} · (g) ${formatMoney(f.adjustment)}` : ''} · (h) {formatMoney(f.gain)}
        </Text>
      ) : (
        <Text fz="sm" c="dimmed">
          Not on Form 8949 until Lotwise has the sale.
        </Text>
      )}
      {line.disposals.map((d) => (
        <Stack key={d.id} gap={2}>
          <Text fz="sm">
            Lotwise:{' '}
            <Anchor component={Link} to={paths.transactions.getHref({ id: d.transaction_id })}>
              {formatCrypto(d.amount)} {line.asset} sold {d.disposed_at} in {d.wallet}
            </Anchor>{' '}
            · proceeds {formatMoney(d.proceeds)} · basis {formatMoney(d.cost_basis)} · {d.term}-term
          </Text>
          <DisposalLots id={d.id} currency="USD" />
        </Stack>
      ))}
    </Stack>
  );
}

/** Totals of the Form 8949 boxes the tie-out writes. */
export function BoxTotalsTable({
  boxes,
}: {
  boxes: Array<{
    box: string;
    count: number;
    proceeds: string;
    cost_basis: string;
    adjustment: string;
    gain: string;
  }>;
}) {
  if (boxes.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table fz="sm" data-testid="box-totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Form 8949 box</Table.Th>
            <Table.Th ta="right">Lines</Table.Th>
            <Table.Th ta="right">(d) Proceeds</Table.Th>
            <Table.Th ta="right">(e) Basis</Table.Th>
            <Table.Th ta="right">(g) Adjustment</Table.Th>
            <Table.Th ta="right">(h) Gain</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {boxes.map((b) => (
            <Table.Tr key={b.box}>
              <Table.Td>{b.box}</Table.Td>
              <Table.Td ta="right">{b.count}</Table.Td>
              <Table.Td ta="right">{formatMoney(b.proceeds)}</Table.Td>
              <Table.Td ta="right">{formatMoney(b.cost_basis)}</Table.Td>
              <Table.Td ta="right">{formatMoney(b.adjustment)}</Table.Td>
              <Table.Td ta="right">{formatMoney(b.gain)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
