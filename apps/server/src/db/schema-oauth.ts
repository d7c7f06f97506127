import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

/** A consent started by "Connect with Coinbase" (migration 000047): used once, within minutes. */
export interface OauthAuthorizationsTable {
  id: Generated<number>;
  user_id: number;
  /** The session that started it (sessions.id): the callback must come back to the same one. */
  session_id: string;
  provider: string;
  /** sha256 of the `state` sent to the provider; the state itself is never stored. */
  state_hash: string;
  /** The PKCE code verifier, sealed. */
  verifier_sealed: string;
  custom_name: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export type OauthStatus = 'active' | 'revoked' | 'expired';

/** An exchange account connected by OAuth (migration 000047): its tokens, sealed. */
export interface OauthConnectionsTable {
  id: Generated<number>;
  user_id: number;
  import_history_id: number;
  provider: string;
  /** The provider's id of the signed-in user: connecting the same login again reuses the account. */
  provider_user_id: string | null;
  /** Null once revoked. */
  access_token_sealed: string | null;
  refresh_token_sealed: string | null;
  /** When the access token expires (ISO); refreshed a few minutes before. */
  expires_at: Timestamp | null;
  scope: string | null;
  status: OauthStatus;
  /** Where a resync starts, the source's own cursor as JSON. */
  sync_state: string | null;
  /** A refresh under way until then (migration 000050): others wait for its new token. */
  refreshing_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A partner hand-over redeemed (migration 000049): its aggcode hashed, and what it added (JSON). */
export interface AggregatorHandoffsTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  handoff_id: string | null;
  result: string | null;
  created_at: Timestamp;
}
