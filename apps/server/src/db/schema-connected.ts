import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

/** A connected exchange account's API key and secret, sealed (migration 000022). */
export interface ApiCredentialsTable {
  id: Generated<number>;
  user_id: number;
  import_history_id: number;
  exchange: string;
  key_sealed: string;
  secret_sealed: string;
  synced_until: string | null;
  /** Sealed passphrase of exchanges that pair one with the key (migration 000024). */
  passphrase_sealed: string | null;
  /** Where a resync starts, the source's own cursor as JSON (Kraken keeps synced_until). */
  sync_state: string | null;
  /** The exchange says the key can trade or withdraw (shown with the account). */
  warning: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A wallet address read from its chain's explorer (migration 000023). */
export interface WalletConnectionsTable {
  id: Generated<number>;
  user_id: number;
  import_history_id: number;
  chain: string;
  address: string;
  /** bigint: PostgreSQL answers it as text. */
  synced_block: number | string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An address dismissed in the wallet finder (migration 000033). */
export interface WalletFinderDismissalsTable {
  id: Generated<number>;
  user_id: number;
  chain: string;
  address: string;
  created_at: Timestamp;
}
