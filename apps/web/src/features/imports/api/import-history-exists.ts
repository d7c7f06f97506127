import { importHistoryExists } from '@lotwise/contracts/imports/import-histories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { importsKeys } from './keys';

export const importHistoryExistsQueryOptions = () =>
  queryOptions({
    queryKey: importsKeys.historyExists(),
    queryFn: ({ signal }) => callApi(importHistoryExists, { signal }),
    meta: { inlineError: true },
  });

export function useImportHistoryExists() {
  return useQuery(importHistoryExistsQueryOptions());
}
