import { getImportSources, getMethodList } from '@lotwise/contracts/transactions/options';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsKeys } from '@/lib/api/transactions/keys';
import { callApi } from '@/lib/api-client';

export const importSourcesQueryOptions = () =>
  queryOptions({
    queryKey: transactionsKeys.sources(),
    queryFn: async ({ signal }) => (await callApi(getImportSources, { signal })).data,
    meta: { inlineError: true },
  });

export function useImportSources() {
  return useQuery(importSourcesQueryOptions());
}

export const methodListQueryOptions = () =>
  queryOptions({
    queryKey: transactionsKeys.methods(),
    queryFn: async ({ signal }) => (await callApi(getMethodList, { signal })).data,
    meta: { inlineError: true },
  });

export function useMethodList() {
  return useQuery(methodListQueryOptions());
}
