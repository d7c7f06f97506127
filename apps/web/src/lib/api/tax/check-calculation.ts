import { checkTaxCalculation } from '@lotwise/contracts/tax/calculation';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { taxKeys } from '@/lib/api/tax/keys';
import { callApi } from '@/lib/api-client';
import { IMPORTS_QUERY_ROOT } from '@/lib/realtime';

const DONE = new Set(['complete', 'failed', 'superseded']);

/** Progress of one calculation; polls every second until it is done (the socket also refreshes it). */
export const checkCalculationQueryOptions = (traceId: string) =>
  queryOptions({
    queryKey: taxKeys.check(traceId),
    queryFn: ({ signal }) =>
      callApi(checkTaxCalculation, { query: { id: traceId }, signal }).then((r) => r.data),
    refetchInterval: (query) => (query.state.data && DONE.has(query.state.data.state) ? false : 1000),
  });

/**
 * The calculation's progress. When the poll sees it end, what the socket's `tax_calculated` would
 * refresh is read again (the tax details, the year's results, the tie-out: everything under the
 * imports root): a socket still connecting, or blocked, when a short calculation ended misses the
 * event, and the one-year page then said "No tax results yet" until a reload.
 */
export function useCheckCalculation(traceId: string | null) {
  const client = useQueryClient();
  const query = useQuery({ ...checkCalculationQueryOptions(traceId ?? ''), enabled: Boolean(traceId) });
  const state = query.data?.state;
  useEffect(() => {
    if (traceId && state && DONE.has(state))
      void client.invalidateQueries({ queryKey: [IMPORTS_QUERY_ROOT] });
  }, [traceId, state, client]);
  return query;
}
