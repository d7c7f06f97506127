import { listTaxYears } from '@lotwise/contracts/tax/calculation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  taxYears: () => [...dashboardKeys.all, 'tax-years'] as const,
};

/** Realised gains and income per tax year of the latest finished calculation (GET /api/tax/years). */
export const taxYearsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.taxYears(),
    queryFn: ({ signal }) => callApi(listTaxYears, { signal }),
    meta: { inlineError: true },
  });

export function useTaxYears() {
  return useQuery(taxYearsQueryOptions());
}
