import { startCheckout } from '@lotwise/contracts/billing/billing';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { leaveFor } from '../utils/leave-for';

export interface CheckoutInput {
  planId: string;
  taxYear: number;
  /** Where the pricing page was opened from (spec 01 §2 callUrl). */
  callUrl?: string | null;
}

/** Starts a payment and leaves for the payment page; the page shows the error inline. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: ({ planId, taxYear, callUrl }: CheckoutInput) =>
      callApi(startCheckout, {
        body: {
          plan_id: planId,
          tax_year: taxYear,
          call_url: callUrl && callUrl.length <= 300 ? callUrl : undefined,
        },
      }),
    onSuccess: (result) => leaveFor(result.url),
    meta: { inlineError: true },
  });
}
