import { SEED_COINS } from './catalogue-seed.ts';
import type { CoinRef } from './providers/provider.ts';

/** Chain names as users and importers write them → the provider's platform slug. */
const CHAIN_SLUGS: Record<string, string> = {
  eth: 'ethereum',
  ethereum: 'ethereum',
  bsc: 'binance-smart-chain',
  bnb: 'binance-smart-chain',
  matic: 'polygon-pos',
  polygon: 'polygon-pos',
  sol: 'solana',
  solana: 'solana',
  avax: 'avalanche',
  avalanche: 'avalanche',
  ftm: 'fantom',
  arb: 'arbitrum-one',
  arbitrum: 'arbitrum-one',
  op: 'optimistic-ethereum',
  optimism: 'optimistic-ethereum',
  base: 'base',
  trx: 'tron',
  tron: 'tron',
};

export function platformOf(chain: string): string {
  const key = chain.trim().toLowerCase();
  return CHAIN_SLUGS[key] ?? key;
}

/** What a symbol (with its chain and contract, when known) is taken to mean. */
export interface Identified {
  coin: CoinRef;
  /** Every coin sharing the symbol, biggest first, when there is more than one and no contract decided. */
  alternatives: CoinRef[];
}

/**
 * The coins known to this instance: the built-in list plus what providers told it. Answers
 * "which coin is UNI?" (the contract decides when the file has one, else the biggest by
 * market cap, flagged as a guess when others share the symbol) and the currency search.
 */
export class Catalogue {
  private readonly bySymbol = new Map<string, CoinRef[]>();
  private readonly byId = new Map<string, CoinRef>();

  constructor(coins: readonly CoinRef[] = SEED_COINS) {
    this.add(coins);
  }

  add(coins: readonly CoinRef[]): void {
    for (const coin of coins) {
      const known = this.byId.get(coin.id);
      const merged = known ? { ...known, ...coin, rank: coin.rank ?? known.rank } : coin;
      this.byId.set(coin.id, merged);
      const symbol = coin.symbol.toUpperCase();
      const list = (this.bySymbol.get(symbol) ?? []).filter((c) => c.id !== coin.id);
      list.push(merged);
      list.sort(byRank);
      this.bySymbol.set(symbol, list);
    }
  }

  get(id: string): CoinRef | undefined {
    return this.byId.get(id);
  }

  candidates(symbol: string): CoinRef[] {
    return this.bySymbol.get(symbol.toUpperCase()) ?? [];
  }

  /** The coin a symbol means; null when nobody knows it. */
  identify(symbol: string, chain?: string | null, contract?: string | null): Identified | null {
    const list = this.candidates(symbol);
    if (contract) {
      const address = contract.trim().toLowerCase();
      const platform = chain ? platformOf(chain) : null;
      const match = [...this.byId.values()].find((c) =>
        Object.entries(c.platforms ?? {}).some(
          ([p, a]) => a.toLowerCase() === address && (platform === null || p === platform),
        ),
      );
      if (match) return { coin: match, alternatives: [] };
    }
    const first = list[0];
    if (!first) return null;
    return { coin: first, alternatives: list.length > 1 ? list : [] };
  }

  /** Coins whose symbol or name starts with (then contains) `q`, biggest first. */
  search(q: string, limit = 20): CoinRef[] {
    const needle = q.trim().toLowerCase();
    if (needle === '') return [];
    const scored: Array<[number, CoinRef]> = [];
    for (const coin of this.byId.values()) {
      const symbol = coin.symbol.toLowerCase();
      const name = coin.name.toLowerCase();
      const score =
        symbol === needle
          ? 0
          : symbol.startsWith(needle)
            ? 1
            : name.startsWith(needle)
              ? 2
              : name.includes(needle)
                ? 3
                : -1;
      if (score >= 0) scored.push([score, coin]);
    }
    scored.sort((a, b) => a[0] - b[0] || byRank(a[1], b[1]));
    return scored.slice(0, limit).map(([, coin]) => coin);
  }
}

function byRank(a: CoinRef, b: CoinRef): number {
  return (
    (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) || a.id.localeCompare(b.id)
  );
}
