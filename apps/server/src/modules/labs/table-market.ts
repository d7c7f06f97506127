import type { MarketItem } from '@lotwise/contracts/labs/labs';
import { isFiat } from '@lotwise/engine/assets';
import { addDays } from '@lotwise/prices/days';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { percentChange } from './market-figures.ts';
import { lastDaysOfPrices, latestUsdDays } from './table-latest.ts';

export interface TableMarket {
  items: MarketItem[];
  /** The newest day any asset has a price for; null when the table has no crypto prices in USD. */
  asOf: string | null;
}

/**
 * Market figures from this instance's own price table (prices loaded from files or fetched
 * for tax rows earlier): each crypto asset's latest daily USD price, its change over 1, 7 and
 * 30 days and the last 8 days as a sparkline. The user's own prices win over shared ones.
 */
export async function tableMarket(
  db: Kysely<Database>,
  userId: number,
  names: (symbol: string) => Promise<{ name: string; rank: number | null }>,
): Promise<TableMarket> {
  const crypto = (await latestUsdDays(db, userId)).filter((r) => !isFiat(r.asset));
  if (crypto.length === 0) return { items: [], asOf: null };
  const days = crypto.map((r) => r.day).sort();
  const series = new Map<string, Map<string, { price: string; own: boolean }>>();
  for (const r of await lastDaysOfPrices(db, userId, crypto, 30)) {
    const byDay = series.get(r.asset) ?? new Map<string, { price: string; own: boolean }>();
    const known = byDay.get(r.day);
    if (!known || (r.own && !known.own)) byDay.set(r.day, { price: r.price, own: r.own });
    series.set(r.asset, byDay);
  }
  const items: MarketItem[] = [];
  for (const { asset, day } of crypto) {
    const byDay = series.get(asset);
    const at = (n: number) => byDay?.get(addDays(day, -n))?.price ?? null;
    const price = at(0);
    if (price === null) continue;
    const sparkline: string[] = [];
    for (let n = 7; n >= 0; n--) {
      const p = at(n);
      if (p !== null) sparkline.push(p);
    }
    const { name, rank } = await names(asset);
    items.push({
      id: asset,
      symbol: asset,
      name,
      rank,
      price,
      market_cap: null,
      change_1d: percentChange(price, at(1)),
      change_7d: percentChange(price, at(7)),
      change_30d: percentChange(price, at(30)),
      sparkline,
    });
  }
  return { items, asOf: days.at(-1) ?? null };
}
