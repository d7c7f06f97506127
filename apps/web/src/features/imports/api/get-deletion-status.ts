import { getDeletionStatus } from '@lotwise/contracts/imports/manage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi } from '@/lib/api-client';

/** Deletion progress, polled every second while in_progress is true (spec 01 §4, §9). */
export const deletionStatusQueryOptions = () =>
  queryOptions({
    queryKey: importsKeys.deletionStatus(),
    queryFn: ({ signal }) => callApi(getDeletionStatus, { signal }),
    refetchInterval: (query) => (query.state.data?.in_progress ? 1000 : false),
    staleTime: 0,
    meta: { inlineError: true },
  });

export function useDeletionStatus(enabled: boolean) {
  return useQuery({ ...deletionStatusQueryOptions(), enabled });
}
