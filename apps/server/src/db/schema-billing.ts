import type { Generated, Selectable } from 'kysely';
import type { Bool, Timestamp } from './column-types.ts';

export type PurchaseStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'refunded';

/** A payment attempt for a plan and tax year (migration 000032). */
export interface BillingPurchasesTable {
  id: Generated<number>;
  user_id: number;
  tax_year: number;
  plan_id: string;
  status: PurchaseStatus;
  amount: string;
  currency: string;
  checkout_session_id: string | null;
  payment_intent_id: string | null;
  receipt_url: string | null;
  plan_invitation_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
}
export type PurchaseRow = Selectable<BillingPurchasesTable>;

/** A payment provider's webhook event, once per id. */
export interface BillingEventsTable {
  id: Generated<number>;
  event_id: string;
  type: string;
  payment_intent_id: string | null;
  purchase_id: number | null;
  applied: Bool;
  received_at: Timestamp;
}
