import { listExchangeSources } from '@lotwise/contracts/imports/import-histories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi } from '@/lib/api-client';

/** The uploads of one account; polls every 2 s while one of them is importing. */
export const exchangeSourcesQueryOptions = (historyId: number) =>
  queryOptions({
    queryKey: importsKeys.sources(historyId),
    queryFn: ({ signal }) => callApi(listExchangeSources, { params: { id: historyId }, signal }),
    select: (result) => result.data,
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => row.import_status === 'in-progress') ? 2000 : false,
    meta: { inlineError: true },
  });

export function useExchangeSources(historyId: number | null) {
  return useQuery({ ...exchangeSourcesQueryOptions(historyId ?? 0), enabled: historyId !== null });
}
