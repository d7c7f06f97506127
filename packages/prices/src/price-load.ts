import { formatPriceFileError, parsePriceFile } from './price-csv.ts';
import type { StoredPrice } from './types.ts';

/**
 * Where a loaded price file goes: the local price table. The server's price repo implements
 * it over the database; `lotwise prices load` and the upload route both load through here.
 */
export interface PriceFileStore {
  /** The file's prices replace what the table had for the same asset, day and quote. */
  replace(prices: readonly StoredPrice[]): Promise<void>;
}

export interface PriceLoadOptions {
  /** A user's own prices (they win over the shared table, for that user only); null: shared. */
  userId: number | null;
  /** The asset of a CoinGecko export (it does not name its coin). */
  asset?: string | undefined;
  /** The vs currency of a CoinGecko export. */
  currency?: string | undefined;
}

export type LoadResult =
  | { ok: true; count: number; assets: string[]; origin: string }
  | { ok: false; errors: string[] };

/** Loads a price file (the date,asset,price,currency CSV or CoinGecko's export). All or nothing. */
export async function loadPriceFile(
  store: PriceFileStore,
  bytes: Buffer,
  name: string,
  options: PriceLoadOptions,
): Promise<LoadResult> {
  const origin = `${options.userId ? 'user' : 'file'}:${name}`;
  const parsed = parsePriceFile(bytes, {
    name,
    ...(options.asset ? { asset: options.asset } : {}),
    ...(options.currency ? { currency: options.currency } : {}),
  });
  if (!parsed.ok) return { ok: false, errors: parsed.errors.map(formatPriceFileError) };
  await store.replace(parsed.prices.map((p) => ({ ...p, origin, userId: options.userId })));
  return {
    ok: true,
    count: parsed.prices.length,
    assets: [...new Set(parsed.prices.map((p) => p.asset))].sort(),
    origin,
  };
}
