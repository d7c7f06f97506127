import { refetchPrice, valueSources } from '@lotwise/contracts/prices/prices';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pricesKeys } from './keys';

/** How each visible row is valued and where the value came from (one call per page). */
export function useValueSources(ids: readonly number[]) {
  const sorted = [...ids].sort((a, b) => a - b).slice(0, 200);
  return useQuery({
    queryKey: pricesKeys.sources(sorted),
    queryFn: ({ signal }) => callApi(valueSources, { query: { ids: sorted.join(',') }, signal }),
    enabled: sorted.length > 0,
    placeholderData: keepPreviousData,
    // A missing source only means no explanation on hover: never an error on the page.
    meta: { inlineError: true },
  });
}

/** Missing Price → Fetch again: asks the providers for this row's prices now. */
export function useRefetchPrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: number) => callApi(refetchPrice, { body: { transaction_id: transactionId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: pricesKeys.all }),
  });
}
