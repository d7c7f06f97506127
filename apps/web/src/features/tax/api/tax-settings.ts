import { getTaxSettings, saveTaxSettings } from '@lotwise/contracts/tax/calculation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxKeys } from '@/lib/api/tax/keys';
import { callApi } from '@/lib/api-client';

export const taxSettingsQueryOptions = () =>
  queryOptions({
    queryKey: taxKeys.settings(),
    queryFn: ({ signal }) => callApi(getTaxSettings, { signal }).then((r) => r.data),
  });

export function useTaxSettings() {
  return useQuery(taxSettingsQueryOptions());
}

/** Saving the method or application makes the results stale: every tax query refetches. */
export function useSaveTaxSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      method: string;
      basis: 'universal' | 'per-wallet' | 'us-2025';
      allocation_rule: 'stay-oldest-first' | 'lowest-cost-largest-holding';
    }) => callApi(saveTaxSettings, { body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: taxKeys.all }),
  });
}
