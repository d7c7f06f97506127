import type { CoinRef } from './providers/provider.ts';
import type { StoredPrice } from './types.ts';

export interface PriceQuery {
  assets: readonly string[];
  from: string;
  to: string;
  /** Also this user's own prices (they win over the shared ones). */
  userId: number | null;
}

/** A window a provider was asked about and had nothing for. */
export interface ProviderMiss {
  provider: string;
  asset: string;
  from: string;
  to: string;
}

/**
 * Where prices are kept between resolutions: the local price table (the server's database,
 * or memory for the CLI). Shared prices have no userId; a user's own uploads carry theirs.
 */
export interface PriceStore {
  load(query: PriceQuery): Promise<StoredPrice[]>;
  save(prices: readonly StoredPrice[]): Promise<void>;
  /** Windows found empty recently, so a calculation does not ask again every run. */
  misses(provider: string, asset: string): Promise<ProviderMiss[]>;
  recordMiss(miss: ProviderMiss): Promise<void>;
  /** Coins a provider told us about, by symbol. */
  coins(symbol: string): Promise<CoinRef[]>;
  saveCoins(coins: readonly CoinRef[]): Promise<void>;
}

/** The store the CLI and tests use: everything in memory, nothing kept. */
export class MemoryPriceStore implements PriceStore {
  readonly prices: StoredPrice[] = [];
  private readonly missList: ProviderMiss[] = [];
  private readonly coinList: CoinRef[] = [];

  async load(query: PriceQuery): Promise<StoredPrice[]> {
    const assets = new Set(query.assets.map((a) => a.toUpperCase()));
    return this.prices.filter(
      (p) =>
        assets.has(p.asset) &&
        p.day >= query.from &&
        p.day <= query.to &&
        (p.userId == null || p.userId === query.userId),
    );
  }

  async save(prices: readonly StoredPrice[]): Promise<void> {
    this.prices.push(...prices);
  }

  async misses(provider: string, asset: string): Promise<ProviderMiss[]> {
    return this.missList.filter((m) => m.provider === provider && m.asset === asset);
  }

  async recordMiss(miss: ProviderMiss): Promise<void> {
    this.missList.push(miss);
  }

  async coins(symbol: string): Promise<CoinRef[]> {
    return this.coinList.filter((c) => c.symbol.toUpperCase() === symbol.toUpperCase());
  }

  async saveCoins(coins: readonly CoinRef[]): Promise<void> {
    this.coinList.push(...coins);
  }
}
