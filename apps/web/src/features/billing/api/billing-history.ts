import { billingHistory } from '@lotwise/contracts/billing/billing';
import { useQuery } from '@tanstack/react-query';
import { billingKeys } from '@/lib/api/billing/keys';
import { callApi } from '@/lib/api-client';

/** Payments and granted plans, newest first; `pollMs` reads them again while a payment settles. */
export function useBillingHistory(pollMs: number | false = false) {
  return useQuery({
    queryKey: billingKeys.history(),
    queryFn: ({ signal }) => callApi(billingHistory, { signal }),
    refetchInterval: pollMs,
    meta: { inlineError: true },
  });
}
