import { listPlans } from '@lotwise/contracts/billing/billing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { billingKeys } from './keys';

/** The plan catalogue of a tax year (null: the server's default year), with the user's plan. */
export function usePlans(taxYear: number | null) {
  return useQuery({
    queryKey: billingKeys.plans(taxYear),
    queryFn: ({ signal }) => callApi(listPlans, { query: { tax_year: taxYear ?? undefined }, signal }),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });
}

/**
 * Whether billing is on for this instance (the Upgrade button, the Billing menu item). It does
 * not change while the app runs, so it is read rarely; unknown (loading, failed) counts as off.
 */
export function useBillingEnabled(enabled = true): boolean {
  const query = useQuery({
    queryKey: billingKeys.plans(null),
    queryFn: ({ signal }) => callApi(listPlans, { query: {}, signal }),
    staleTime: 30 * 60_000,
    enabled,
    retry: false,
    meta: { inlineError: true },
  });
  return query.data?.billing_enabled === true;
}
