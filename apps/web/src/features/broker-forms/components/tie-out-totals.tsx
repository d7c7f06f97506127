import type { getTieOut, TieOutStatus } from '@lotwise/contracts/tax/tie-out';
import { Stack, Table, Text, Title } from '@mantine/core';
import type { z } from 'zod';
import { formatMoney } from '@/lib/format/amount';
import classes from './box-totals.module.css';
import { STATUS_LABELS } from './status-labels';

/** The box table's columns; below 768 px each cell shows its column's name (box-totals.module.css). */
const BOX_COLUMNS = ['Box', 'Lines', '(d) Proceeds', '(e) Basis', '(g) Adjustment', '(h) Gain'] as const;

type Totals = z.infer<typeof getTieOut.response>['data']['totals'];

/** The year's lines by status, with the money the API gives: the 1099-DA's proceeds and Lotwise's. */
export function StatusTotalsTable({ statuses }: { statuses: Totals['by_status'] }) {
  const shown = statuses.filter((s) => s.count > 0);
  if (shown.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table fz="sm" data-testid="status-totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Lines</Table.Th>
            <Table.Th ta="right">1099-DA proceeds</Table.Th>
            <Table.Th ta="right">Lotwise proceeds</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((s) => (
            <Table.Tr key={s.status} data-testid={`status-total-${s.status as TieOutStatus}`}>
              <Table.Td>{STATUS_LABELS[s.status]}</Table.Td>
              <Table.Td ta="right">{s.count}</Table.Td>
              <Table.Td ta="right">{formatMoney(s.broker_proceeds)}</Table.Td>
              <Table.Td ta="right">{formatMoney(s.lotwise_proceeds)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Each box of the year's Form 8949 as downloaded (every account, with a 1099-DA or not). */
export function BoxTotalsTable({ year, boxes }: { year: number; boxes: Totals['by_box'] }) {
  if (boxes.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        Your Form 8949 for {year}, box by box
      </Title>
      <Text fz="xs" c="dimmed">
        Every line of each box of the Form 8949 you download, the sales of accounts without a 1099-DA included
        (boxes I and L).
      </Text>
      <Table fz="sm" data-testid="box-totals" className={classes.stacked}>
        <Table.Thead>
          <Table.Tr>
            {BOX_COLUMNS.map((c, i) => (
              <Table.Th key={c} ta={i === 0 ? undefined : 'right'}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {boxes.map((b) => (
            <Table.Tr key={b.box} data-testid={`box-total-${b.box}`}>
              {[
                b.box,
                String(b.count),
                formatMoney(b.proceeds),
                formatMoney(b.cost_basis),
                formatMoney(b.adjustment),
                formatMoney(b.gain),
              ].map((value, i) => (
                <Table.Td key={BOX_COLUMNS[i]} data-label={BOX_COLUMNS[i]} ta={i === 0 ? undefined : 'right'}>
                  {value}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
