import { importHistoryExists } from '@lotwise/contracts/imports/import-histories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi } from '@/lib/api-client';

export const importHistoryExistsQueryOptions = () =>
  queryOptions({
    queryKey: importsKeys.historyExists(),
    queryFn: ({ signal }) => callApi(importHistoryExists, { signal }),
    meta: { inlineError: true },
  });

export function useImportHistoryExists() {
  return useQuery(importHistoryExistsQueryOptions());
}
