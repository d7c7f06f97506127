import type { HoldingTotals } from '@lotwise/contracts/holdings/holdings';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from '@/lib/format/amount';
import { gainColor, withPlus } from '@/lib/format/display';
import { unknownFigures } from '../utils/summary-figures';

function Stat({
  label,
  value,
  hint,
  color,
  testId,
}: {
  label: string;
  value: string;
  hint?: ReactNode;
  color?: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={{ base: 'lg', sm: 'xl' }} fw={700} c={color} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint ? (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** Portfolio value, cost basis and unrealised gain (priced assets only, said so). */
export function SummaryCards({ totals, currency }: { totals: HoldingTotals; currency: string }) {
  const unpriced = totals.unpriced_assets.length;
  const partial =
    unpriced > 0
      ? `${unpriced} ${unpriced === 1 ? 'asset' : 'assets'} without a price not included`
      : undefined;
  // Lots bought without a price: their basis is unknown, never counted as $0.00 (issue 35).
  const unknown = totals.basis_unknown_assets;
  const unknownNames = unknown.join(', ');
  const gainHint =
    unknown.length > 0
      ? `${unknownNames} not included: cost basis unknown`
      : (partial ?? 'market value minus cost basis');
  // No held asset priced: the value and gain are unknown, not $0.00 (issue 35).
  const notKnown = unknownFigures(totals);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mb="md">
      <Stat
        testId="stat-value"
        label="Portfolio value"
        value={notKnown.value ? 'Unknown' : formatMoney(totals.total_market_value, currency)}
        color={notKnown.value ? 'red.8' : undefined}
        hint={notKnown.value ?? partial ?? 'at the latest known prices'}
      />
      <Stat
        testId="stat-cost"
        label="Cost basis"
        value={totals.total_cost_basis === null ? 'Unknown' : formatMoney(totals.total_cost_basis, currency)}
        color={totals.total_cost_basis === null ? 'red.8' : undefined}
        hint={
          unknown.length > 0
            ? `${unknownNames} bought without a price: add the missing prices, then calculate again`
            : `${totals.assets_count} ${totals.assets_count === 1 ? 'asset' : 'assets'} held`
        }
      />
      <Stat
        testId="stat-gain"
        label="Unrealised gain"
        value={
          notKnown.gain
            ? 'Unknown'
            : withPlus(formatMoney(totals.unrealised_gain, currency), totals.unrealised_gain)
        }
        color={notKnown.gain ? 'red.8' : gainColor(totals.unrealised_gain)}
        hint={notKnown.gain ?? gainHint}
      />
    </SimpleGrid>
  );
}
