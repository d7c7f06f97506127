import { listImportHistoriesV1 } from '@lotwise/contracts/imports/import-histories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { importsKeys } from './keys';

/** Every account, empty ones included (the sidebar list and the landing page use it). */
export const allImportHistoriesQueryOptions = () =>
  queryOptions({
    queryKey: importsKeys.allHistories(),
    queryFn: ({ signal }) => callApi(listImportHistoriesV1, { query: { all: 'true' }, signal }),
    select: (result) => result.data,
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => row.import_status === 'in-progress') ? 2000 : false,
    meta: { inlineError: true },
  });

export function useAllImportHistories() {
  return useQuery(allImportHistoriesQueryOptions());
}
