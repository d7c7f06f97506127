import { IMPORT_HISTORY_PAGE_SIZE, listImportHistoriesV2 } from '@lotwise/contracts/imports/import-histories';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { importsKeys } from './keys';

/** Import history, 50 accounts per page (spec 01 §9). Polls every 2 s while one is importing. */
export const importHistoriesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: importsKeys.historyPage(page),
    queryFn: ({ signal }) =>
      callApi(listImportHistoriesV2, { query: { page, size: IMPORT_HISTORY_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => row.import_status === 'in-progress') ? 2000 : false,
    meta: { inlineError: true },
  });

export function useImportHistories(page: number) {
  return useQuery(importHistoriesQueryOptions(page));
}
