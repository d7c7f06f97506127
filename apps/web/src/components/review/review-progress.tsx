import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { reviewKeys } from '@/lib/api/review/keys';
import { useReviewSummary } from '@/lib/api/review/review';
import { useImportsChannel } from '@/lib/realtime';

/** What is left in the guided review, one line per step with its count, each a link into it. */
export function ReviewProgress({ except = [] }: { except?: readonly string[] } = {}) {
  const summary = useReviewSummary();
  if (!summary.data) return null;
  // `except`: steps the page already shows with their count (never the same count twice).
  const open = summary.data.wizards.filter((w) => w.count > 0 && !except.includes(w.wizard));
  if (open.length === 0) return null;
  return (
    <Stack gap={6} data-testid="review-progress">
      {open.map((w) => (
        <Group key={w.wizard} justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={paths.review.getHref({ wizard: w.wizard })} fz="sm">
            {w.title}
          </Anchor>
          <Badge color="orange" variant="light">
            {w.count.toLocaleString('en-US')}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}

/** A one-line reminder on the transactions and tax pages: what is left, one click into the review. */
export function ReviewBanner() {
  const summary = useReviewSummary();
  const client = useQueryClient();
  // A finished calculation changes the counts: never the count of the one before beside the years'.
  useImportsChannel((message) => {
    if (message.event === 'tax_calculated') void client.invalidateQueries({ queryKey: reviewKeys.all });
  });
  if (!summary.data || summary.data.total === 0) return null;
  const first = summary.data.wizards.find((w) => w.count > 0);
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconListCheck size={18} />}
      mb="md"
      data-testid="review-banner"
    >
      <Group justify="space-between" gap="xs">
        <Text fz="sm">
          {summary.data.total.toLocaleString('en-US')} {summary.data.total === 1 ? 'thing' : 'things'} to
          review before filing
          {first
            ? `, starting with ${first.title.toLowerCase()} (${first.count.toLocaleString('en-US')})`
            : ''}
          .
        </Text>
        <Button component={Link} to={paths.review.getHref(first ? { wizard: first.wizard } : {})} size="xs">
          Review
        </Button>
      </Group>
    </Alert>
  );
}
