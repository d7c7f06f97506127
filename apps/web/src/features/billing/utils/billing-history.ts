import type { BillingRow } from '@lotwise/contracts/billing/billing';
import { formatMoney } from '@/lib/format/amount';
import { formatDay } from '@/lib/format/display';

export type PurchaseStatus = BillingRow['status'];

export const STATUS_DISPLAY: Record<PurchaseStatus, { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'teal' },
  pending: { label: 'Pending', color: 'blue' },
  failed: { label: 'Failed', color: 'red' },
  expired: { label: 'Expired', color: 'gray' },
  refunded: { label: 'Refunded', color: 'orange' },
};

export function sourceLabel(source: BillingRow['source']): string {
  return source === 'admin' ? 'Granted by admin' : 'Payment';
}

/** "$49.00"; a granted plan has no amount. */
export function rowAmount(row: Pick<BillingRow, 'amount' | 'currency'>): string {
  if (row.amount === null) return '—';
  return formatMoney(row.amount, row.currency ?? 'USD');
}

/** When it was paid, else when it started. */
export function rowDate(row: Pick<BillingRow, 'paid_at' | 'created_at'>): string {
  return formatDay(row.paid_at ?? row.created_at);
}

/** Back from the payment page: ?checkout=success or ?checkout=cancelled. */
export type CheckoutReturn = 'success' | 'cancelled' | null;

export function readCheckoutReturn(params: URLSearchParams): CheckoutReturn {
  const value = params.get('checkout');
  return value === 'success' || value === 'cancelled' ? value : null;
}

/**
 * After a payment: the newest payment, once it is paid (the server records it when the payment
 * provider confirms, a moment after the user comes back). null while it is not paid yet.
 */
export function activatedPurchase(rows: readonly BillingRow[]): BillingRow | null {
  const latest = rows.find((r) => r.source === 'stripe');
  return latest?.status === 'paid' ? latest : null;
}

/** Polling after a payment: every 2 s, for about a minute. */
export const CHECKOUT_POLL_MS = 2000;
export const CHECKOUT_POLL_LIMIT_MS = 60_000;
