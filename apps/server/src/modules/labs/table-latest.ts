import { addDays } from '@lotwise/prices/days';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { priceOwner } from '../prices/prices.service.ts';

/** Assets per `asset in (...)` list when reading the last month of prices. */
const ASSETS_CHUNK = 500;

/**
 * Each asset's latest day with a daily USD price (shared or the user's own). A GROUP BY over
 * the table reads every row (460 ms on a million prices, bench/labs); this walks the distinct
 * assets on `prices_identity_uq` (asset, day, …) one index seek at a time and takes each
 * asset's newest USD day from the end of its range: a few hundred seeks, a few milliseconds,
 * on SQLite and PostgreSQL alike.
 */
export async function latestUsdDays(
  db: Kysely<Database>,
  userId: number,
): Promise<Array<{ asset: string; day: string }>> {
  const { rows } = await sql<{ asset: string; day: string | null }>`
    with recursive a(asset) as (
      select min(asset) from prices
      union all
      select (select min(p.asset) from prices p where p.asset > a.asset) from a where a.asset is not null
    )
    select a.asset as asset,
      (select p.day from prices p
        where p.asset = a.asset and p.quote = 'USD' and p.minute = '' and p.user_id in (0, ${userId})
        order by p.day desc limit 1) as day
    from a where a.asset is not null`.execute(db);
  const out: Array<{ asset: string; day: string }> = [];
  for (const r of rows) if (r.day !== null) out.push({ asset: r.asset, day: String(r.day) });
  return out;
}

export interface PriceRow {
  asset: string;
  day: string;
  price: string;
  own: boolean;
}

/**
 * The daily USD prices of the `days` days up to each asset's latest day (shared and the user's
 * own). Assets sharing a latest day are read together: one index range per asset, never the
 * whole table since the oldest asset's latest day.
 */
export async function lastDaysOfPrices(
  db: Kysely<Database>,
  userId: number,
  latest: ReadonlyArray<{ asset: string; day: string }>,
  days: number,
): Promise<PriceRow[]> {
  const byDay = new Map<string, string[]>();
  for (const { asset, day } of latest) byDay.set(day, [...(byDay.get(day) ?? []), asset]);
  const out: PriceRow[] = [];
  for (const [last, assets] of byDay) {
    for (let i = 0; i < assets.length; i += ASSETS_CHUNK) {
      const rows = await db
        .selectFrom('prices')
        .select(['asset', 'day', 'price', 'user_id'])
        .where('asset', 'in', assets.slice(i, i + ASSETS_CHUNK))
        .where('day', '>=', addDays(last, -days))
        .where('day', '<=', last)
        .where('quote', '=', 'USD')
        .where('minute', '=', '')
        .where(priceOwner, 'in', [0, userId])
        .execute();
      for (const r of rows)
        out.push({ asset: r.asset, day: String(r.day), price: String(r.price), own: r.user_id !== 0 });
    }
  }
  return out;
}
