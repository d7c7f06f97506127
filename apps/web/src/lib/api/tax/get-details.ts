import { getTaxCalculationDetails } from '@lotwise/contracts/tax/calculation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { taxKeys } from './keys';

/** Where the user stands (spec 01 §3 "Tax calculation status … Details"). */
export const taxDetailsQueryOptions = () =>
  queryOptions({
    queryKey: taxKeys.details(),
    queryFn: ({ signal }) => callApi(getTaxCalculationDetails, { signal }).then((r) => r.data),
  });

export function useTaxDetails() {
  return useQuery(taxDetailsQueryOptions());
}
