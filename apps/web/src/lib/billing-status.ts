import { billingStatus } from '@lotwise/contracts/billing/billing';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const billingStatusKey = ['billing', 'status'] as const;

/**
 * Whether billing is on for this instance (the Upgrade button, the Billing menu item, Choose Plan,
 * plans and payment invitations on the tax-pro pages). A public call, so the logged-out pages
 * know too. It does not change while the app runs, so it is read rarely; unknown (loading,
 * failed) counts as off.
 */
export function useBillingEnabled(enabled = true): boolean {
  const query = useQuery({
    queryKey: billingStatusKey,
    queryFn: ({ signal }) => callApi(billingStatus, { signal }),
    staleTime: 30 * 60_000,
    enabled,
    retry: false,
    meta: { inlineError: true },
  });
  return query.data?.billing_enabled === true;
}
