import type { TransactionStats } from '@lotwise/contracts/transactions/stats';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { useRecalculateFromList } from '../api/recalculate';

const n = (count: number) => count.toLocaleString('en-US');

/**
 * The notices above the list (spec 02 §2), at most two (issue 35.12): one review banner with
 * one count (the Missing Price and Insufficient Balance rows, each a link to its rows, and the
 * guided review), and one recalculation banner (which also says a transaction was changed).
 */
export function ListBanners({
  stats,
  canRecalculate,
  recentlyChanged,
  onMissingPrices,
  onInsufficient,
}: {
  stats: TransactionStats | undefined;
  canRecalculate: boolean;
  /** The list's transactions_updated: a change newer than the latest calculation. */
  recentlyChanged: boolean;
  onMissingPrices: () => void;
  onInsufficient: () => void;
}) {
  const recalculate = useRecalculateFromList();
  const missing = stats?.errors_count ?? 0;
  const short = stats?.swb_count ?? 0;
  const review = missing + short;
  const changed = (
    <Text fz="sm" data-testid="recent-change-notice">
      You have recently changed your transaction. It may take some time to reflect the changes in the
      converted rate.
    </Text>
  );
  return (
    <Stack gap="xs" mb="md">
      {review > 0 ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={`${n(review)} ${review === 1 ? 'transaction needs' : 'transactions need'} review`}
          data-testid="review-banner"
        >
          <Group gap="md" fz="sm">
            {missing > 0 ? (
              <Anchor component="button" fz="sm" onClick={onMissingPrices}>
                {n(missing)} missing {missing === 1 ? 'price' : 'prices'}
              </Anchor>
            ) : null}
            {short > 0 ? (
              <Anchor component="button" fz="sm" onClick={onInsufficient}>
                {n(short)} insufficient balance
              </Anchor>
            ) : null}
            <Anchor component={Link} to={paths.review.getHref()} fz="sm">
              Open the guided review
            </Anchor>
          </Group>
        </Alert>
      ) : null}
      {canRecalculate ? (
        <Alert
          color="teal"
          title="Recalculate your taxes"
          icon={<IconInfoCircle size={18} />}
          data-testid="new-imports-banner"
        >
          {recentlyChanged ? changed : null}
          <Text fz="sm">
            Your transactions changed since the last tax calculation. Running it again also finds and combines
            transfers between your own accounts.{' '}
            <Anchor
              component="button"
              fz="sm"
              onClick={() => recalculate.mutate()}
              disabled={recalculate.isPending}
            >
              {recalculate.isPending ? 'Starting…' : 'Recalculate now'}
            </Anchor>
          </Text>
          {recalculate.isError ? (
            <Text fz="sm" c="red">
              {errorText(recalculate.error)}
            </Text>
          ) : null}
        </Alert>
      ) : recentlyChanged ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          {changed}
        </Alert>
      ) : null}
    </Stack>
  );
}
