import type { Category } from '@lotwise/contracts/transactions/constants';
import type { TransactionStats } from '@lotwise/contracts/transactions/stats';
import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';

interface Box {
  category: Category;
  label: string;
  /** What the box counts, in words: the spec's labels name a category, not only its first kind. */
  holds: string;
  count: (s: TransactionStats) => number;
  color: string;
}

/**
 * The spec's four boxes and labels (spec 02: Deposit (buy), Withdrawal (sell), Trades (trade),
 * Missing Price (need_review)). A category holds more than its label's kind — 'Deposit' counts
 * every row coming in (buys for fiat, deposits, income) — so each box says what it counts: a
 * Coinbase buy and a staking reward are not counted as unnamed deposits (issue 35.12).
 */
export const BOXES: Box[] = [
  {
    category: 'buy',
    label: 'Deposit',
    holds: 'Buys, deposits and income in',
    count: (s) => s.buys_count,
    color: 'teal',
  },
  {
    category: 'sell',
    label: 'Withdrawal',
    holds: 'Sells, withdrawals, spends and fees out',
    count: (s) => s.sells_count,
    color: 'orange',
  },
  {
    category: 'trade',
    label: 'Trades',
    holds: 'Crypto for crypto',
    count: (s) => s.trades_count,
    color: 'blue',
  },
  {
    category: 'need_review',
    label: 'Missing Price',
    holds: 'Rows without a price',
    count: (s) => s.errors_count,
    color: 'red',
  },
];

/** Overview boxes (spec 02 §2): each filters the list by its category and says what it counts. */
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
            h="100%"
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
            <Text fz="xs" c="dimmed" lh={1.3} data-testid={`box-${box.category}-holds`}>
              {box.holds}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
