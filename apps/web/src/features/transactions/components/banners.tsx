import type { TransactionStats } from '@lotwise/contracts/transactions/stats';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { SUPPORT_URL } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { useRecalculateFromList } from '../api/recalculate';

/** Banners and notices of spec 02 §2 above the list. */
export function ListBanners({
  stats,
  needsReview,
  canRecalculate,
  recentlyChanged,
  onInsufficient,
}: {
  stats: TransactionStats | undefined;
  needsReview: boolean;
  canRecalculate: boolean;
  /** The list's transactions_updated: a change newer than the latest calculation. */
  recentlyChanged: boolean;
  onInsufficient: () => void;
}) {
  const recalculate = useRecalculateFromList();
  const review = stats ? stats.errors_count + stats.swb_count : 0;
  return (
    <Stack gap="xs" mb="md">
      {review > 0 ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={`${review.toLocaleString('en-US')} items need review`}
          data-testid="review-banner"
        >
          Select the warnings filter below to review. By resolving these issues you could save money on your
          taxes.
        </Alert>
      ) : null}
      {needsReview ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          Please review these transactions, you may need to edit the transaction to correct it.{' '}
          <Anchor href={SUPPORT_URL} target="_blank" rel="noreferrer">
            Learn more
          </Anchor>
        </Alert>
      ) : null}
      {stats?.has_sell_without_buy ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          <Text fz="sm">
            Some of your wallets have a negative balance. Review the{' '}
            <Anchor component="button" onClick={onInsufficient} fz="sm">
              Insufficient Balance
            </Anchor>{' '}
            category.
          </Text>
        </Alert>
      ) : null}
      {recentlyChanged ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="recent-change-notice">
          You have recently changed your transaction. It may take some time to reflect the changes in the
          converted rate.
        </Alert>
      ) : null}
      {canRecalculate ? (
        <Alert
          color="teal"
          title="New imports detected"
          icon={<IconInfoCircle size={18} />}
          data-testid="new-imports-banner"
        >
          <Text fz="sm">
            You haven't run a tax calculation since your latest import. Running tax calculation will
            automatically discover and combine self transfer transactions.{' '}
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
      ) : null}
    </Stack>
  );
}
