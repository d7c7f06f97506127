import type { TransactionStats } from '@lotwise/contracts/transactions/stats';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { useRecalculateFromList } from '../api/recalculate';

const n = (count: number) => count.toLocaleString('en-US');
/** "1 transaction", "8 transactions". */
const transactions = (count: number) => `${n(count)} ${count === 1 ? 'transaction' : 'transactions'}`;
/** "27 Nov 2026, 14:20": when the latest calculation started, in the reader's time. */
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** What came in or changed since the latest tax calculation (GET /api/can_recalculate). */
export interface SinceCalculation {
  calculated_at: string | null;
  imported_since: number;
  changed_since: number;
}

/**
 * The notices above the list (spec 02 §2), at most two (issue 35.12): one review banner with
 * one count (the Missing Price and Insufficient Balance rows, each a link to its rows, and the
 * guided review), and one recalculation banner (which also says a transaction was changed).
 */
export function ListBanners({
  stats,
  canRecalculate,
  since,
  recentlyChanged,
  onMissingPrices,
  onInsufficient,
}: {
  stats: TransactionStats | undefined;
  canRecalculate: boolean;
  since: SinceCalculation | undefined;
  /** The list's transactions_updated: a change newer than the latest calculation. */
  recentlyChanged: boolean;
  onMissingPrices: () => void;
  onInsufficient: () => void;
}) {
  const recalculate = useRecalculateFromList();
  const missing = stats?.errors_count ?? 0;
  const short = stats?.swb_count ?? 0;
  // Each transaction once: a row may lack a price and a balance at the same time.
  const review = stats?.review_count ?? 0;
  const calculatedAt = since?.calculated_at ?? null;
  const sinceText = calculatedAt ? ` since the last tax calculation (${when(calculatedAt)})` : '';
  // The count of changed transactions, each once (issue 35, item 5: never "your transaction" for 8).
  const changedCount = since?.changed_since ?? 0;
  // Said once the counts are in (no "a transaction" flashing before "8 transactions").
  const changed =
    since && (changedCount > 0 || recentlyChanged) ? (
      <Text fz="sm" data-testid="recent-change-notice">
        {changedCount > 0
          ? `You have changed ${transactions(changedCount)}${sinceText}.`
          : `You have changed a transaction${sinceText}.`}{' '}
        It may take some time to reflect the changes in the converted rate.
      </Text>
    ) : null;
  const imported = since?.imported_since ?? 0;
  const calculateText = !calculatedAt
    ? 'You have not calculated your taxes yet. The calculation also finds and combines transfers between your own accounts.'
    : imported > 0
      ? `You imported ${transactions(imported)}${sinceText}. Running it again also finds and combines transfers between your own accounts.`
      : `Your transactions changed${sinceText}. Running it again also finds and combines transfers between your own accounts.`;
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
          title={calculatedAt ? 'Recalculate your taxes' : 'Calculate your taxes'}
          icon={<IconInfoCircle size={18} />}
          data-testid="new-imports-banner"
        >
          {changed}
          <Text fz="sm" data-testid="recalculate-text">
            {calculateText}{' '}
            <Anchor
              component="button"
              fz="sm"
              onClick={() => recalculate.mutate()}
              disabled={recalculate.isPending}
            >
              {recalculate.isPending ? 'Starting…' : calculatedAt ? 'Recalculate now' : 'Calculate now'}
            </Anchor>
          </Text>
          {recalculate.isError ? (
            <Text fz="sm" c="red">
              {errorText(recalculate.error)}
            </Text>
          ) : null}
        </Alert>
      ) : changed ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          {changed}
        </Alert>
      ) : null}
    </Stack>
  );
}
