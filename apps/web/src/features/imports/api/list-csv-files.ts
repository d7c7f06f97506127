import { listCsvFiles } from '@lotwise/contracts/imports/uploads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi } from '@/lib/api-client';

/** Uploaded files keyed by account name (finished ones included); polls every 2 s while one runs. */
export const csvFilesQueryOptions = () =>
  queryOptions({
    queryKey: importsKeys.csvFiles(),
    queryFn: ({ signal }) => callApi(listCsvFiles, { query: { all: 'true' }, signal }),
    select: (result) => result.data,
    refetchInterval: (query) =>
      Object.values(query.state.data?.data ?? {}).some((files) =>
        files.some((f) => f.status === 'in-progress'),
      )
        ? 2000
        : false,
    meta: { inlineError: true },
  });

export function useCsvFiles() {
  return useQuery(csvFilesQueryOptions());
}
