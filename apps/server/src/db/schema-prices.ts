import type { Generated } from 'kysely';
import type { DecimalText, Timestamp } from './column-types.ts';

/** The local price table (migration 000016): shared prices have user_id 0. */
export interface PricesTable {
  id: Generated<number>;
  asset: string;
  day: string;
  quote: string;
  /** HH:MM (UTC), '' for a day's price. */
  minute: Generated<string>;
  chain: Generated<string>;
  contract: Generated<string>;
  user_id: Generated<number>;
  price: DecimalText;
  provider_id: string | null;
  origin: string;
  fetched_at: Timestamp;
}

/** A window a provider had nothing for (not asked again for a day). */
export interface PriceMissesTable {
  id: Generated<number>;
  provider: string;
  asset: string;
  from_day: string;
  to_day: string;
  checked_at: Timestamp;
}

/** Coins providers told us about, to tell symbols apart. */
export interface PriceAssetsTable {
  id: Generated<number>;
  provider: string;
  coin_id: string;
  symbol: string;
  name: string;
  rank: number | null;
  platforms: string | null;
  icon_url: string | null;
  fetched_at: Timestamp;
}
