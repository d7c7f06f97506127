import '@mantine/charts/styles.css';
import type { YearDetail } from '@lotwise/contracts/tax/year';
import { BarChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '@/lib/format/amount';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Realised gains by month (short and long term stacked) or by asset. The server sends cent
 * strings; they become numbers only to place the bars (labels are formatted from the strings).
 */
export function GainsChart({ year }: { year: YearDetail }) {
  const [view, setView] = useState<'month' | 'asset'>('month');
  const byMonth = year.gains_by_month.map((m) => ({
    label: MONTHS[Number(m.month.slice(5)) - 1] ?? m.month,
    'Short-term': Number(m.short_term),
    'Long-term': Number(m.long_term),
  }));
  const byAsset = year.gains_by_asset.map((a) => ({ label: a.asset, Gain: Number(a.gain) }));
  const empty = byMonth.length === 0;
  const unpriced = year.short_term.missing_prices + year.long_term.missing_prices;
  return (
    <Card withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Gains</Text>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(v) => setView(v === 'asset' ? 'asset' : 'month')}
          data={[
            { value: 'month', label: 'By month' },
            { value: 'asset', label: 'By asset' },
          ]}
        />
      </Group>
      {unpriced > 0 ? (
        <Text fz="xs" c="red.8" mb="xs" data-testid="chart-unpriced">
          {unpriced} sale{unpriced === 1 ? '' : 's'} without a price {unpriced === 1 ? 'is' : 'are'} left out:
          {unpriced === 1 ? ' its' : ' their'} gain is unknown.
        </Text>
      ) : null}
      {empty ? (
        <Text fz="sm" c="dimmed">
          {unpriced > 0 ? `No priced sales in ${year.year}.` : `No sales in ${year.year}.`}
        </Text>
      ) : (
        <BarChart
          h={220}
          data={view === 'month' ? byMonth : byAsset}
          dataKey="label"
          type={view === 'month' ? 'stacked' : 'default'}
          series={
            view === 'month'
              ? [
                  { name: 'Short-term', color: 'teal.5' },
                  { name: 'Long-term', color: 'indigo.5' },
                ]
              : [{ name: 'Gain', color: 'teal.6' }]
          }
          valueFormatter={(v) => formatMoney(v.toFixed(2), year.currency)}
          withLegend={view === 'month'}
          yAxisProps={{ width: 92 }}
        />
      )}
    </Card>
  );
}
