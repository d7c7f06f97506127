import { checkTaxCalculation } from '@lotwise/contracts/tax/calculation';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/**
 * The calculation's progress. When the poll sees it end, the tax details are read again: the
 * socket's `tax_calculated` does that too, but a socket still connecting when a short calculation
 * ended misses it, and pages that follow the details (the tie-out's "Recalculating…") then waited
 * for ever.
 */
export function useCheckCalculation(traceId: string | null) {
  const client = useQueryClient();
  const query = useQuery({ ...checkCalculationQueryOptions(traceId ?? ''), enabled: Boolean(traceId) });
  const state = query.data?.state;
  useEffect(() => {
    if (traceId && state && DONE.has(state)) void client.invalidateQueries({ queryKey: taxKeys.details() });
  }, [traceId, state, client]);
  return query;
}
