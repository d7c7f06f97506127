import type { PriceFileStore } from '@lotwise/prices/price-load';
import type { CoinRef } from '@lotwise/prices/providers/provider';
import type { PriceQuery, PriceStore, ProviderMiss } from '@lotwise/prices/store';
import type { StoredPrice } from '@lotwise/prices/types';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { priceOwner } from './price-owners.ts';

/** Rows per multi-row insert (12 parameters each: well under either database's limit). */
const INSERT_CHUNK = 400;
/** Values per IN (…) list. */
const IN_CHUNK = 500;
/** A window a provider had nothing for is not asked about again for a day. */
const MISS_TTL_MS = 24 * 3600 * 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The local price table in the app's database: the price service's store. */
export class PricesRepo implements PriceStore, PriceFileStore {
  constructor(private readonly db: Kysely<Database>) {}

  async load(query: PriceQuery): Promise<StoredPrice[]> {
    const out: StoredPrice[] = [];
    const owners = [0, ...(query.userId ? [query.userId] : [])];
    for (const assets of chunks([...new Set(query.assets.map((a) => a.toUpperCase()))], IN_CHUNK)) {
      const rows = await this.db
        .selectFrom('prices')
        .select(['asset', 'day', 'quote', 'minute', 'price', 'origin', 'user_id', 'provider_id'])
        .where('asset', 'in', assets)
        .where('day', '>=', query.from)
        .where('day', '<=', query.to)
        .where(priceOwner, 'in', owners)
        .execute();
      for (const r of rows) {
        out.push({
          asset: r.asset,
          day: r.day,
          quote: r.quote,
          minute: r.minute || null,
          price: String(r.price),
          origin: r.origin,
          userId: r.user_id || null,
          providerId: r.provider_id,
        });
      }
    }
    return out;
  }

  /** Fetched prices: added where the table has none (a loaded file's price is kept). */
  async save(prices: readonly StoredPrice[]): Promise<void> {
    await this.insert(prices, false);
  }

  /** A loaded file: its prices replace what the table had for the same asset, day and quote. */
  async replace(prices: readonly StoredPrice[]): Promise<void> {
    await this.insert(prices, true);
  }

  private async insert(prices: readonly StoredPrice[], replace: boolean): Promise<void> {
    const now = new Date().toISOString();
    for (const part of chunks(prices, INSERT_CHUNK)) {
      await this.db
        .insertInto('prices')
        .values(
          part.map((p) => ({
            asset: p.asset.toUpperCase(),
            day: p.day,
            quote: p.quote.toUpperCase(),
            minute: p.minute ?? '',
            chain: p.chain ?? '',
            contract: p.contract ?? '',
            user_id: p.userId ?? 0,
            price: p.price,
            provider_id: p.providerId ?? null,
            origin: p.origin,
            fetched_at: now,
          })),
        )
        .onConflict((oc) => {
          const target = oc.columns(['asset', 'day', 'quote', 'minute', 'chain', 'contract', 'user_id']);
          return replace
            ? target.doUpdateSet((eb) => ({
                price: eb.ref('excluded.price'),
                origin: eb.ref('excluded.origin'),
                fetched_at: eb.ref('excluded.fetched_at'),
              }))
            : target.doNothing();
        })
        .execute();
    }
  }

  async misses(provider: string, asset: string): Promise<ProviderMiss[]> {
    const since = new Date(Date.now() - MISS_TTL_MS).toISOString();
    const rows = await this.db
      .selectFrom('price_misses')
      .select(['provider', 'asset', 'from_day', 'to_day'])
      .where('provider', '=', provider)
      .where('asset', '=', asset)
      .where('checked_at', '>=', since)
      .execute();
    return rows.map((r) => ({ provider: r.provider, asset: r.asset, from: r.from_day, to: r.to_day }));
  }

  async recordMiss(miss: ProviderMiss): Promise<void> {
    await this.db
      .insertInto('price_misses')
      .values({
        provider: miss.provider,
        asset: miss.asset,
        from_day: miss.from,
        to_day: miss.to,
        checked_at: new Date().toISOString(),
      })
      .execute();
  }

  async coins(symbol: string): Promise<CoinRef[]> {
    const rows = await this.db
      .selectFrom('price_assets')
      .selectAll()
      .where('symbol', '=', symbol.toUpperCase())
      .execute();
    return rows.map(coinOf);
  }

  async allCoins(): Promise<CoinRef[]> {
    return (await this.db.selectFrom('price_assets').selectAll().execute()).map(coinOf);
  }

  async saveCoins(coins: readonly CoinRef[]): Promise<void> {
    const now = new Date().toISOString();
    for (const part of chunks(coins, INSERT_CHUNK)) {
      await this.db
        .insertInto('price_assets')
        .values(
          part.map((c) => ({
            provider: 'coingecko',
            coin_id: c.id,
            symbol: c.symbol.toUpperCase(),
            name: c.name,
            rank: c.rank,
            platforms: c.platforms ? JSON.stringify(c.platforms) : null,
            icon_url: c.iconUrl ?? null,
            fetched_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['provider', 'coin_id']).doUpdateSet((eb) => ({
            symbol: eb.ref('excluded.symbol'),
            name: eb.ref('excluded.name'),
            rank: eb.ref('excluded.rank'),
            icon_url: eb.ref('excluded.icon_url'),
            fetched_at: eb.ref('excluded.fetched_at'),
          })),
        )
        .execute();
    }
  }

  /** A user's own price files: how many prices each holds, for which assets and days. */
  async userFiles(userId: number) {
    const rows = await this.db
      .selectFrom('prices')
      .select((eb) => [
        'origin',
        eb.fn.countAll<number>().as('prices'),
        eb.fn.count<number>('asset').distinct().as('assets'),
        eb.fn.min('day').as('first_day'),
        eb.fn.max('day').as('last_day'),
        eb.fn.max('fetched_at').as('loaded_at'),
      ])
      .where('user_id', '=', userId)
      .groupBy('origin')
      .orderBy('origin')
      .execute();
    return rows.map((r) => ({
      origin: r.origin,
      prices: Number(r.prices),
      assets: Number(r.assets),
      first_day: String(r.first_day),
      last_day: String(r.last_day),
      loaded_at: String(r.loaded_at),
    }));
  }

  async deleteUserOrigin(userId: number, origin: string): Promise<number> {
    const result = await this.db
      .deleteFrom('prices')
      .where('user_id', '=', userId)
      .where('origin', '=', origin)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The newest day on or before `day` with a price of each asset (shared or the user's). */
  async latestDays(assets: readonly string[], userId: number, day: string): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const part of chunks([...new Set(assets)], IN_CHUNK)) {
      const rows = await this.db
        .selectFrom('prices')
        .select((eb) => ['asset', eb.fn.max('day').as('day')])
        .where('asset', 'in', part)
        .where('day', '<=', day)
        .where(priceOwner, 'in', [0, userId])
        .groupBy('asset')
        .execute();
      for (const r of rows) if (r.day) out.set(r.asset, String(r.day));
    }
    return out;
  }

  /** How many prices of their own the user has and when they last loaded one ("0:" when none). */
  async userVersion(userId: number): Promise<string> {
    const row = await this.db
      .selectFrom('prices')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('fetched_at').as('last')])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return `${Number(row?.n ?? 0)}:${row?.last ?? ''}`;
  }

  /** Rows added or changed since `since` (ISO), shared or the user's: the earliest day among them. */
  async earliestChangedDay(userId: number, since: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('prices')
      .select((eb) => eb.fn.min('day').as('day'))
      .where('fetched_at', '>', since)
      .where(priceOwner, 'in', [0, userId])
      .executeTakeFirst();
    return row?.day ? String(row.day) : null;
  }
}

function coinOf(r: {
  coin_id: string;
  symbol: string;
  name: string;
  rank: number | null;
  platforms: string | null;
  icon_url: string | null;
}): CoinRef {
  return {
    id: r.coin_id,
    symbol: r.symbol,
    name: r.name,
    rank: r.rank === null ? null : Number(r.rank),
    ...(r.platforms ? { platforms: JSON.parse(r.platforms) as Record<string, string> } : {}),
    iconUrl: r.icon_url,
  };
}
