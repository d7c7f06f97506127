import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

/** A customer ↔ accountant link (migration 000031); the user ids are set once each side has an account. */
export interface AccountantLinksTable {
  id: Generated<number>;
  customer_user_id: number | null;
  customer_email: string;
  cpa_user_id: number | null;
  cpa_email: string;
  invited_by: 'customer' | 'cpa';
  status: 'pending' | 'accepted' | 'revoked' | 'declined';
  /** Hash of the e-mailed single-use token; null once spent. */
  token_hash: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  accepted_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** One request made while impersonating, readable by the client. */
export interface ImpersonationEventsTable {
  id: Generated<number>;
  customer_user_id: number;
  actor_user_id: number;
  method: string;
  path: string;
  status_code: number;
  created_at: Timestamp;
}

export interface PlanInvitationsTable {
  id: Generated<number>;
  cpa_user_id: number;
  customer_user_id: number;
  tax_year: number;
  plan_id: string;
  status: string;
  created_at: Timestamp;
}

export interface PlanGrantsTable {
  id: Generated<number>;
  user_id: number;
  tax_year: number;
  plan_id: string;
  source: string;
  granted_by: number | null;
  created_at: Timestamp;
}
