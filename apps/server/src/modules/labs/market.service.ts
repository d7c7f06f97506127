import type { MarketItem, MarketStatus } from '@lotwise/contracts/labs/labs';
import type { CoinGeckoProvider } from '@lotwise/prices/providers/coingecko';
import { fetchMarkets, fetchTrending, type MarketQuote } from '@lotwise/prices/providers/coingecko-market';
import { ProviderError } from '@lotwise/prices/providers/provider';
import type { AppContext } from '../../http/context.ts';
import { providerReach } from '../prices/valuation.service.ts';
import { byRank, percentText } from './market-figures.ts';
import { TableMarketCache } from './table-cache.ts';
import { tableMarket } from './table-market.ts';

const DAY_MS = 86_400_000;
/** Coins asked of the provider's market list: the biggest 250 by market cap (one request). */
const MARKET_SIZE = 250;
const RETRY_AFTER_MS = 60_000;

/** Why the provider gave no market list, in a few words for the status line. */
function failureText(error: unknown): string {
  if (!(error instanceof ProviderError)) return 'an unexpected error';
  if (error.kind === 'down') return 'the service is not responding';
  if (error.kind === 'rate_limited') return 'its rate limit was reached';
  if (error.kind === 'unauthorized') return 'it refused the API key';
  if (error.kind === 'malformed') return 'it sent a reply Lotwise cannot read';
  return 'it has no market data';
}

/** What Labs shows: every asset with market figures (keyed by symbol), the trending list and where it came from. */
export interface Market {
  status: MarketStatus;
  /** By rank, then symbol. */
  items: MarketItem[];
  bySymbol: Map<string, MarketItem>;
  /** The provider's trending list, in its order; null without a provider's list. */
  trending: MarketItem[] | null;
}

interface Snapshot {
  quotes: MarketQuote[];
  trending: string[];
  fetchedAt: string;
}

/** No market list now: why, and whether the provider is being asked in the background. */
interface NoSnapshot {
  error: string;
  pending?: boolean;
}

function itemOf(q: MarketQuote): MarketItem {
  return {
    id: q.symbol,
    symbol: q.symbol,
    name: q.name,
    rank: q.rank,
    price: q.price,
    market_cap: q.marketCap,
    change_1d: percentText(q.change1d),
    change_7d: percentText(q.change7d),
    change_30d: percentText(q.change30d),
    sparkline: q.sparkline,
  };
}

/** "2026-11-27 14:20 UTC" */
function utc(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

function olderThanADay(asOf: string | null, now: number): boolean {
  if (asOf === null) return false;
  // A day's price (YYYY-MM-DD) is of that whole day: it is stale once the next day is over.
  const at = asOf.length === 10 ? Date.parse(`${asOf}T00:00:00Z`) + DAY_MS : Date.parse(asOf);
  return now - at > DAY_MS;
}

/**
 * Labs' market data: CoinGecko's market list and trending coins when it is configured (one
 * request each per LABS_MARKET_TTL_MINUTES, kept in `market_snapshots` so every process and a
 * later outage can use them), filled in with — or, offline, made only from — the local price
 * table. It never invents a figure: an asset without a price shows none.
 */
export class MarketService {
  private cached: { at: number; snapshot: Snapshot } | null = null;
  private inflight: Promise<Snapshot | NoSnapshot> | null = null;
  /** The last failure, not retried for a minute (every page view would wait on the provider's retries). */
  private failed: { at: number; error: string } | null = null;

  private readonly tables: TableMarketCache;

  constructor(private readonly ctx: AppContext) {
    this.tables = new TableMarketCache(ctx.db.kysely);
  }

  private get provider(): CoinGeckoProvider | null {
    return this.ctx.prices.settings.coingecko;
  }

  async market(userId: number, now = Date.now()): Promise<Market> {
    const table = await this.tables.get(userId, () =>
      tableMarket(this.ctx.db.kysely, userId, (s) => this.ctx.prices.describe(s)),
    );
    const provider = this.provider;
    let snapshot: Snapshot | null = null;
    let failure: string | null = null;
    let pending = false;
    if (provider) {
      const got = await this.snapshot(provider, now);
      if ('error' in got) {
        failure = got.error;
        pending = got.pending === true;
        snapshot = await this.lastStored();
      } else snapshot = got;
    }

    const bySymbol = new Map<string, MarketItem>();
    for (const q of snapshot?.quotes ?? []) if (!bySymbol.has(q.symbol)) bySymbol.set(q.symbol, itemOf(q));
    for (const item of table.items) if (!bySymbol.has(item.symbol)) bySymbol.set(item.symbol, item);
    const items = [...bySymbol.values()].sort(byRank);
    const trending = snapshot
      ? snapshot.trending
          .map((id) => snapshot.quotes.find((q) => q.coinId === id))
          .filter((q): q is MarketQuote => q !== undefined)
          .map((q) => bySymbol.get(q.symbol) ?? itemOf(q))
      : null;
    const status = pending
      ? this.pendingStatus(snapshot, table.asOf, now)
      : this.status(snapshot, failure, table.asOf, now);
    return { status, items, bySymbol, trending };
  }

  private status(
    snapshot: Snapshot | null,
    failure: string | null,
    tableAsOf: string | null,
    now: number,
  ): MarketStatus {
    const label = this.provider?.label ?? 'CoinGecko';
    if (snapshot && !failure) {
      return {
        source: 'provider',
        origin: label,
        as_of: snapshot.fetchedAt,
        stale: false,
        pending: false,
        message: null,
      };
    }
    if (snapshot) {
      const stale = olderThanADay(snapshot.fetchedAt, now);
      return {
        source: 'snapshot',
        origin: label,
        as_of: snapshot.fetchedAt,
        stale,
        pending: false,
        message: `${label} did not answer (${failure}). Showing its market data from ${utc(snapshot.fetchedAt)}${stale ? ', more than a day old' : ''}.`,
      };
    }
    if (tableAsOf) {
      const stale = olderThanADay(tableAsOf, now);
      const why = failure
        ? `${label} did not answer (${failure}); `
        : this.provider
          ? ''
          : 'No market provider is configured; ';
      return {
        source: 'price_table',
        origin: 'your price table',
        as_of: tableAsOf,
        stale,
        pending: false,
        message:
          why || stale
            ? `${why}${why ? 'showing' : 'Showing'} prices from your price table, latest ${tableAsOf}${stale ? ' — more than a day old' : ''}.`
            : null,
      };
    }
    return {
      source: 'none',
      origin: null,
      as_of: null,
      stale: false,
      pending: false,
      message: failure
        ? `No market data: ${label} did not answer (${failure}) and your price table has no prices yet.`
        : 'No market data: no market provider is configured and your price table has no prices yet. Load a price file in Settings → Prices, or set PRICE_PROVIDERS.',
    };
  }

  /** The provider is being asked in the background: what is shown meanwhile (the page asks again soon). */
  private pendingStatus(snapshot: Snapshot | null, tableAsOf: string | null, now: number): MarketStatus {
    const label = this.provider?.label ?? 'CoinGecko';
    if (snapshot) {
      const stale = olderThanADay(snapshot.fetchedAt, now);
      return {
        source: 'snapshot',
        origin: label,
        as_of: snapshot.fetchedAt,
        stale,
        pending: true,
        message: `Asking ${label} for new market data: showing its market data from ${utc(snapshot.fetchedAt)} meanwhile.`,
      };
    }
    if (tableAsOf) {
      return {
        source: 'price_table',
        origin: 'your price table',
        as_of: tableAsOf,
        stale: olderThanADay(tableAsOf, now),
        pending: true,
        message: `Asking ${label} for market data: showing prices from your price table meanwhile, latest ${tableAsOf}.`,
      };
    }
    return {
      source: 'none',
      origin: null,
      as_of: null,
      stale: false,
      pending: true,
      message: `Asking ${label} for market data…`,
    };
  }

  /** The provider's market list: this process's copy, another process's stored one, or a fresh request. */
  private async snapshot(provider: CoinGeckoProvider, now: number): Promise<Snapshot | NoSnapshot> {
    const ttl = this.ctx.config.labs.marketTtlMs;
    if (this.cached && now - this.cached.at < ttl) return this.cached.snapshot;
    const stored = await this.lastStored();
    if (stored && now - Date.parse(stored.fetchedAt) < ttl) {
      this.cached = { at: Date.parse(stored.fetchedAt), snapshot: stored };
      return stored;
    }
    if (this.failed && now - this.failed.at < RETRY_AFTER_MS) return { error: this.failed.error };
    // Nobody waits on a provider known or likely to be unreachable (issue 35.11): its breaker
    // open, it is left alone; not asked since the start or its cooldown over, it is asked in
    // the background and the page shows what is stored meanwhile.
    const mode = providerReach(this.ctx.prices.settings).find((r) => r.id === provider.id)?.mode ?? 'now';
    if (mode === 'skipped') return { error: failureText(new ProviderError(provider.id, 'down', '')) };
    this.inflight ??= this.fetch(provider).finally(() => {
      this.inflight = null;
    });
    if (mode === 'now') return this.inflight;
    return { error: 'not asked yet', pending: true };
  }

  /** Waits for a market list being fetched in the background (on close). */
  async settle(): Promise<void> {
    await this.inflight;
  }

  private async fetch(provider: CoinGeckoProvider): Promise<Snapshot | NoSnapshot> {
    try {
      const quotes = await fetchMarkets(provider, MARKET_SIZE);
      // Trending is a nicety: the market list stands without it.
      const trending = await fetchTrending(provider).catch(() => []);
      const fetchedAt = new Date().toISOString();
      const snapshot: Snapshot = { quotes, trending: trending.map((t) => t.coinId), fetchedAt };
      await this.ctx.db.kysely
        .insertInto('market_snapshots')
        .values({
          provider: provider.id,
          markets: JSON.stringify(quotes),
          trending: JSON.stringify(snapshot.trending),
          fetched_at: fetchedAt,
        })
        .execute();
      // One snapshot is enough; older ones only grow the table.
      await this.ctx.db.kysely
        .deleteFrom('market_snapshots')
        .where('provider', '=', provider.id)
        .where('fetched_at', '<', fetchedAt)
        .execute();
      this.cached = { at: Date.now(), snapshot };
      this.failed = null;
      return snapshot;
    } catch (error) {
      this.failed = { at: Date.now(), error: failureText(error) };
      return { error: this.failed.error };
    }
  }

  private async lastStored(): Promise<Snapshot | null> {
    const provider = this.provider;
    if (!provider) return null;
    const row = await this.ctx.db.kysely
      .selectFrom('market_snapshots')
      .select(['markets', 'trending', 'fetched_at'])
      .where('provider', '=', provider.id)
      .orderBy('fetched_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    return {
      quotes: JSON.parse(row.markets) as MarketQuote[],
      trending: JSON.parse(row.trending) as string[],
      fetchedAt: row.fetched_at,
    };
  }
}
