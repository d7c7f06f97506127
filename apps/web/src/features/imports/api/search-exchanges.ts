import { searchExchanges } from '@lotwise/contracts/imports/manual-entry';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi } from '@/lib/api-client';

/** Exchanges and wallets Lotwise can import, matching q (the add-account table). */
export const searchExchangesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: importsKeys.exchanges(q),
    queryFn: ({ signal }) => callApi(searchExchanges, { query: q ? { q } : {}, signal }),
    select: (result) => result.data,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    meta: { inlineError: true },
  });

export function useSearchExchanges(q: string) {
  return useQuery(searchExchangesQueryOptions(q));
}
