import '@mantine/charts/styles.css';
import type { HoldingTotals } from '@lotwise/contracts/holdings/holdings';
import { DonutChart } from '@mantine/charts';
import { Box, ColorSwatch, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@/lib/format/amount';

const COLORS = ['teal.6', 'blue.6', 'violet.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.4'];
const SHOWN = COLORS.length;

/**
 * Allocation of the priced portfolio value by asset (spec: "allocation chart"). The chart's
 * numbers only draw the slices; every amount shown is the server's decimal string.
 */
export function AllocationChart({
  totals,
  currency,
  title = 'Allocation',
}: {
  totals: HoldingTotals;
  currency: string;
  title?: string;
}) {
  const top = totals.allocation.slice(0, SHOWN);
  const rest = totals.allocation.slice(SHOWN);
  const data = top.map((s, i) => ({ name: s.asset, value: Number(s.market_value), color: COLORS[i]! }));
  if (rest.length > 0) {
    data.push({
      name: 'Other',
      value: rest.reduce((n, s) => n + Number(s.market_value), 0),
      color: 'gray.5',
    });
  }
  return (
    <Paper withBorder radius="md" p="md" data-testid="allocation-card">
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {data.length === 0 ? (
        <Text c="dimmed" fz="sm" data-testid="allocation-empty">
          No asset has a known price yet, so there is no value to divide. Holdings get a price from your own
          buys, sells and trades with a value in {currency}.
        </Text>
      ) : (
        <Group align="center" gap="lg" wrap="wrap" justify="center">
          <DonutChart
            data={data}
            size={160}
            thickness={26}
            tooltipDataSource="segment"
            valueFormatter={(v) => formatMoney(v.toFixed(2), currency)}
            aria-label="Allocation by asset"
          />
          <Stack gap={6} style={{ flex: 1, minWidth: 180, maxWidth: 420 }} data-testid="allocation-legend">
            {top.map((s, i) => (
              <Group key={s.asset} gap="xs" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap">
                  <ColorSwatch size={12} color={`var(--mantine-color-${COLORS[i]!.replace('.', '-')})`} />
                  <Text fz="sm" fw={600}>
                    {s.asset}
                  </Text>
                </Group>
                <Text fz="sm" c="dimmed" ta="right">
                  {formatMoney(s.market_value, currency)} · {s.percent}%
                </Text>
              </Group>
            ))}
            {rest.length > 0 ? (
              <Text fz="sm" c="dimmed">
                Other: {rest.length} more {rest.length === 1 ? 'asset' : 'assets'}
              </Text>
            ) : null}
          </Stack>
        </Group>
      )}
      {totals.unpriced_assets.length > 0 ? (
        <Box mt="sm">
          <Text fz="xs" c="dimmed" data-testid="unpriced-note">
            Not in the chart (no known price): {totals.unpriced_assets.join(', ')}.
          </Text>
        </Box>
      ) : null}
    </Paper>
  );
}
