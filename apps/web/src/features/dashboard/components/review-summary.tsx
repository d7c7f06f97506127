import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ReviewProgress } from '@/components/review/review-progress';
import { paths } from '@/config/paths';
import { useReviewSummary } from '@/lib/api/review/review';
import { useTransactionStats } from '@/lib/api/transactions/get-stats';

function Line({
  count,
  label,
  hint,
  href,
  testId,
}: {
  count: number;
  label: string;
  hint: string;
  href: string;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid={testId}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={href} fw={600} fz="sm">
          {label}
        </Anchor>
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      </Stack>
      <Badge color={count > 0 ? 'red' : 'gray'} variant={count > 0 ? 'filled' : 'light'}>
        {count.toLocaleString('en-US')}
      </Badge>
    </Group>
  );
}

/** What still needs review before filing (spec 01 §3: errorsCount and swbCount), with links. */
/** The review steps the card's own lines already count (Missing prices, Insufficient balance). */
const SHOWN_AS_LINES = ['PricingWizard', 'MissingReceiveWizard'] as const;

export function ReviewSummary() {
  const stats = useTransactionStats();
  // "Nothing needs review" only when the guided review has nothing open either (issue 35.12).
  const review = useReviewSummary();
  const reviewOpen = (review.data?.wizards ?? []).some(
    (w) => w.count > 0 && !(SHOWN_AS_LINES as readonly string[]).includes(w.wizard),
  );
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid="review-card">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          Review
        </Title>
        <Anchor component={Link} to={paths.review.getHref()} fz="sm">
          Guided review
        </Anchor>
      </Group>
      {stats.isPending ? (
        <Text c="dimmed" fz="sm">
          Loading…
        </Text>
      ) : stats.isError ? (
        <Text c="dimmed" fz="sm">
          The review counts are not available right now.
        </Text>
      ) : stats.data.errors_count === 0 && stats.data.swb_count === 0 ? (
        reviewOpen ? null : (
          <Group gap="xs" data-testid="review-clear">
            <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" />
            <Text fz="sm">Nothing needs review.</Text>
          </Group>
        )
      ) : (
        <Stack gap="sm">
          <Line
            testId="review-errors"
            count={stats.data.errors_count}
            label="Missing prices"
            hint="Transactions without a fair market value"
            href={paths.transactions.getHref({ txnType: 'need_review' })}
          />
          <Line
            testId="review-swb"
            count={stats.data.swb_count}
            label="Insufficient balance"
            hint="Sold or sent more than was bought (zero cost basis used)"
            href={paths.transactions.getHref({ txnType: 'sell_without_buy' })}
          />
        </Stack>
      )}
      <Stack mt="sm" gap={0}>
        <ReviewProgress except={SHOWN_AS_LINES} />
      </Stack>
    </Paper>
  );
}
