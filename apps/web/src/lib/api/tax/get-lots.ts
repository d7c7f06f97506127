import { getDisposalLots } from '@lotwise/contracts/tax/year';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { taxKeys } from './keys';

/** The lots of one disposal line, fetched when the line is opened. */
export const disposalLotsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: taxKeys.lots(id),
    queryFn: ({ signal }) => callApi(getDisposalLots, { params: { id }, signal }).then((r) => r.data),
    // The lines of one calculation are never rewritten (see taxKeys.lots).
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useDisposalLots(id: number, enabled: boolean) {
  return useQuery({ ...disposalLotsQueryOptions(id), enabled });
}
