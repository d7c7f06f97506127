import { listHoldings } from '@lotwise/contracts/holdings/holdings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { holdingsKeys } from './keys';

export interface HoldingsListInput {
  page: number;
  perPage: number;
  account: number | null;
  bySource: boolean;
}

/** One page of holdings (POST /api/users/crypto_assets), per asset or per asset and account. */
export const holdingsQueryOptions = (input: HoldingsListInput) =>
  queryOptions({
    queryKey: holdingsKeys.list(input),
    queryFn: ({ signal }) =>
      callApi(listHoldings, {
        query: { page: input.page, per_page: input.perPage, account: input.account ?? undefined },
        body: { is_source: input.bySource },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });

export function useHoldings(input: HoldingsListInput) {
  return useQuery(holdingsQueryOptions(input));
}
