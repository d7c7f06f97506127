import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

/** The last market list a provider gave (migration 000030). */
export interface MarketSnapshotsTable {
  id: Generated<number>;
  provider: string;
  /** JSON MarketQuote[]. */
  markets: string;
  /** JSON coin ids, in the provider's order. */
  trending: string;
  fetched_at: Timestamp;
}

/** A user's Labs research item: an asset or a small watch portfolio (at most 6 per user). */
export interface ResearchItemsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'asset' | 'portfolio';
  name: string;
  /** JSON [{ asset, quantity }]. */
  positions: string;
  created_at: Timestamp;
}
