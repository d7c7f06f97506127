import type { Category } from '@lotwise/contracts/transactions/constants';
import type { TransactionStats } from '@lotwise/contracts/transactions/stats';
import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';

const BOXES: { category: Category; label: string; count: (s: TransactionStats) => number; color: string }[] =
  [
    { category: 'buy', label: 'Deposit', count: (s) => s.buys_count, color: 'teal' },
    { category: 'sell', label: 'Withdrawal', count: (s) => s.sells_count, color: 'orange' },
    { category: 'trade', label: 'Trades', count: (s) => s.trades_count, color: 'blue' },
    { category: 'need_review', label: 'Missing Price', count: (s) => s.errors_count, color: 'red' },
  ];

/** Overview boxes (spec 02 §2): each filters the list by its category. */
export function OverviewBoxes({
  stats,
  active,
  onSelect,
}: {
  stats: TransactionStats | undefined;
  active: Category;
  onSelect: (category: Category) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="md" data-testid="overview-boxes">
      {BOXES.map((box) => (
        <UnstyledButton
          key={box.category}
          onClick={() => onSelect(box.category)}
          aria-pressed={active === box.category}
          data-testid={`box-${box.category}`}
        >
          <Paper
            withBorder
            p="sm"
            radius="md"
            style={{
              borderColor: active === box.category ? `var(--mantine-color-${box.color}-6)` : undefined,
            }}
          >
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {box.label}
            </Text>
            <Text fz="xl" fw={700} c={box.color}>
              {stats ? box.count(stats).toLocaleString('en-US') : '–'}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
