import { checkTaxCalculation } from '@lotwise/contracts/tax/calculation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { taxKeys } from '@/lib/api/tax/keys';
import { callApi } from '@/lib/api-client';

const DONE = new Set(['complete', 'failed', 'superseded']);

/** Progress of one calculation; polls every second until it is done (the socket also refreshes it). */
export const checkCalculationQueryOptions = (traceId: string) =>
  queryOptions({
    queryKey: taxKeys.check(traceId),
    queryFn: ({ signal }) =>
      callApi(checkTaxCalculation, { query: { id: traceId }, signal }).then((r) => r.data),
    refetchInterval: (query) => (query.state.data && DONE.has(query.state.data.state) ? false : 1000),
  });

export function useCheckCalculation(traceId: string | null) {
  return useQuery({ ...checkCalculationQueryOptions(traceId ?? ''), enabled: Boolean(traceId) });
}
