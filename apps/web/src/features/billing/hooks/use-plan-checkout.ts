import type { Plan } from '@lotwise/contracts/billing/billing';
import { errorText } from '@/lib/api-client';
import { useStartCheckout } from '../api/start-checkout';

/** Buying a plan: which one is starting, the error to show, and the action itself. */
export function usePlanCheckout(callUrl: string | null) {
  const checkout = useStartCheckout();
  // After a success the browser is leaving for the payment page: keep the button loading.
  const active = checkout.isPending || checkout.isSuccess;
  return {
    buyingId: active ? (checkout.variables?.planId ?? null) : null,
    error: checkout.isError ? errorText(checkout.error) : null,
    buy: (plan: Plan, taxYear: number) => checkout.mutate({ planId: plan.id, taxYear, callUrl }),
  };
}
