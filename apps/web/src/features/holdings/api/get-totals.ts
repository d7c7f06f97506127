import { getTotalHoldings } from '@lotwise/contracts/holdings/holdings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { holdingsKeys } from './keys';

/** Portfolio totals and allocation: of every account (all:true) or of one. */
export const holdingTotalsQueryOptions = (account: number | null) =>
  queryOptions({
    queryKey: holdingsKeys.totals(account),
    queryFn: ({ signal }) =>
      callApi(getTotalHoldings, {
        body: account === null ? { all: true } : { account },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });

export function useHoldingTotals(account: number | null = null) {
  return useQuery(holdingTotalsQueryOptions(account));
}
