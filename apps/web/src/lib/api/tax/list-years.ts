import { listTaxYears } from '@lotwise/contracts/tax/calculation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { taxKeys } from './keys';

export const taxYearsQueryOptions = () =>
  queryOptions({
    queryKey: taxKeys.years(),
    queryFn: ({ signal }) => callApi(listTaxYears, { signal }).then((r) => r.data),
  });

export function useTaxYears() {
  return useQuery(taxYearsQueryOptions());
}
