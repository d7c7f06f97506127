import { listPlans } from '@lotwise/contracts/billing/billing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { billingKeys } from '@/lib/api/billing/keys';
import { callApi } from '@/lib/api-client';

/** The plan catalogue of a tax year (null: the server's default year), with the user's plan. */
export function usePlans(taxYear: number | null) {
  return useQuery({
    queryKey: billingKeys.plans(taxYear),
    queryFn: ({ signal }) => callApi(listPlans, { query: { tax_year: taxYear ?? undefined }, signal }),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
}
