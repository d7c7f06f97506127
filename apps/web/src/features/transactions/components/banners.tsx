import type { TransactionStats } from '@lotwise/contracts/transactions/stats';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { SUPPORT_URL } from '@/config/paths';

/** Banners and notices of spec 02 §2 above the list. */
export function ListBanners({
  stats,
  needsReview,
  canRecalculate,
  onInsufficient,
}: {
  stats: TransactionStats | undefined;
  needsReview: boolean;
  canRecalculate: boolean;
  onInsufficient: () => void;
}) {
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
      {canRecalculate ? (
        <Alert color="teal" title="New imports detected" icon={<IconInfoCircle size={18} />}>
          You haven't run a tax calculation since your latest import. Running tax calculation will
          automatically discover and combine self transfer transactions.
        </Alert>
      ) : null}
    </Stack>
  );
}
