import { getTransactionStats, getVisibilityStats } from '@lotwise/contracts/transactions/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { transactionsKeys } from './keys';

/** Overview counts; failures are swallowed (spec 02 §8): the boxes then show no numbers. */
export const statsQueryOptions = (showIgnored = false) =>
  queryOptions({
    queryKey: transactionsKeys.stats(showIgnored),
    queryFn: ({ signal }) => callApi(getTransactionStats, { query: { show_ignored: showIgnored }, signal }),
    meta: { inlineError: true },
  });

export function useTransactionStats() {
  return useQuery(statsQueryOptions(false));
}

export const visibilityStatsQueryOptions = () =>
  queryOptions({
    queryKey: transactionsKeys.visibilityStats(),
    queryFn: ({ signal }) => callApi(getVisibilityStats, { signal }),
    meta: { inlineError: true },
  });

export function useVisibilityStats(enabled: boolean) {
  return useQuery({ ...visibilityStatsQueryOptions(), enabled });
}
