import { getImportErrors } from '@lotwise/contracts/imports/uploads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi } from '@/lib/api-client';

/**
 * One upload with its row errors (GET /api/imports/v1/import_files/:id/errors): the error log
 * page and the upload progress both read it. Polls every 2 s while the upload is importing.
 */
export const importFileQueryOptions = (fileId: number) =>
  queryOptions({
    queryKey: importsKeys.importFile(fileId),
    queryFn: ({ signal }) => callApi(getImportErrors, { params: { id: fileId }, signal }),
    select: (result) => result.data,
    refetchInterval: (query) =>
      query.state.data?.data.source.import_status === 'in-progress' ? 2000 : false,
    meta: { inlineError: true },
  });

export function useImportFile(fileId: number | null) {
  return useQuery({ ...importFileQueryOptions(fileId ?? 0), enabled: fileId !== null });
}
