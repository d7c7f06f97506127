import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { billingKeys } from '@/lib/api/billing/keys';
import { useBillingHistory } from '../api/billing-history';
import {
  activatedPurchase,
  CHECKOUT_POLL_LIMIT_MS,
  CHECKOUT_POLL_MS,
  type CheckoutReturn,
} from '../utils/billing-history';

/**
 * The billing history, polled every 2 s (for about a minute) after the user comes back from a
 * payment, until the payment shows as paid; then the plan-dependent queries are read again.
 */
export function useCheckoutReturn(checkout: CheckoutReturn) {
  const client = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  const [polling, setPolling] = useState(checkout === 'success');
  const history = useBillingHistory(polling ? CHECKOUT_POLL_MS : false);
  const paid = checkout === 'success' && history.data ? activatedPurchase(history.data.data) : null;
  const paidId = paid?.id ?? null;

  useEffect(() => {
    if (checkout !== 'success') return;
    setTimedOut(false);
    setPolling(true);
    const timer = setTimeout(() => {
      setTimedOut(true);
      setPolling(false);
    }, CHECKOUT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [checkout]);

  useEffect(() => {
    if (paidId === null) return;
    setPolling(false);
    // The new plan lifts the import limit and unlocks the reports.
    void client.invalidateQueries({ queryKey: [...billingKeys.all, 'plans'] });
    void client.invalidateQueries({ queryKey: billingKeys.importLimit() });
  }, [paidId, client]);

  return { history, paid, timedOut: timedOut && paid === null };
}
