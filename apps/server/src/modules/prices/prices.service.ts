import { isFiat } from '@lotwise/engine/assets';
import { Catalogue } from '@lotwise/prices/catalogue';
import { type PriceSettings, priceSettingsFromEnv } from '@lotwise/prices/config';
import { type LoadResult, loadPriceFile, type PriceLoadOptions } from '@lotwise/prices/price-load';
import type { CoinRef } from '@lotwise/prices/providers/provider';
import { PriceResolver, type Resolution, type ResolveOptions } from '@lotwise/prices/resolver';
import type { PriceNeed } from '@lotwise/prices/types';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { PricesRepo } from './prices.repo.ts';
import { BackgroundWork, type ProviderReach, providerReach } from './provider-reach.ts';

/** A page's resolution: what could be answered now, and whether a provider is asked meanwhile. */
export interface PageResolution {
  resolution: Resolution;
  /** Where each provider stood when the page asked. */
  reach: ProviderReach[];
  /** Labels of the providers asked in the background for what is missing (the page asks again soon). */
  asking: string[];
}

/**
 * The app's price service: the resolver over the database's price table, the providers the
 * environment configures (none in tests unless a test points them at a replay server), and
 * the coin catalogue (built-in list plus what providers told us). One per process.
 */
export class PriceService {
  readonly repo: PricesRepo;
  readonly settings: PriceSettings;
  /** Provider requests pages started and did not wait for. */
  readonly background = new BackgroundWork();
  private catalogue: Promise<Catalogue> | null = null;

  constructor(db: Kysely<Database>, env: Record<string, string | undefined>) {
    this.repo = new PricesRepo(db);
    this.settings = priceSettingsFromEnv(env);
    // The SDK loads with the server, as before the provider loaded it on first use (for the CLI).
    this.settings.coingecko?.preload();
  }

  /** Provider names in use, e.g. ["CoinGecko", "Bitstamp", "European Central Bank"]; [] offline. */
  get providerNames(): string[] {
    return this.settings.names;
  }

  private coins(): Promise<Catalogue> {
    this.catalogue ??= this.repo.allCoins().then((coins) => {
      const catalogue = new Catalogue();
      catalogue.add(coins);
      return catalogue;
    });
    return this.catalogue;
  }

  async resolve(needs: Iterable<PriceNeed>, options: ResolveOptions): Promise<Resolution> {
    const resolver = new PriceResolver(
      this.repo,
      this.settings.providers,
      this.settings.pegs,
      await this.coins(),
    );
    // Every resolution is bounded in all (a provider that never answers, issue 35).
    return resolver.resolve(needs, { budgetMs: this.settings.budgetMs, ...options });
  }

  /**
   * A resolution for an interactive page (Labs, issue 35.11): nobody waits on a provider known
   * or likely to be unreachable. Only providers that answered their last call are asked and
   * waited for; one not asked since the start or whose cooldown is over is asked in the
   * background for what is still missing (kept in the table, so the page's next view has it,
   * one run per `key` at a time); one whose breaker is open is left alone.
   */
  async resolveForPage(needs: PriceNeed[], options: ResolveOptions, key: string): Promise<PageResolution> {
    const reach = providerReach(this.settings);
    const skip = new Set(reach.filter((r) => r.mode !== 'now').map((r) => r.id));
    const resolution = await this.resolve(needs, { ...options, skip });
    // Only a provider that could answer what is missing is worth asking: the crypto providers
    // quote US dollars, so the FX provider only when another currency or a fiat asset is wanted.
    const fx = this.settings.providers.fx;
    const fxWanted =
      options.currency.toUpperCase() !== 'USD' ||
      resolution.missing.some((n) => isFiat(n.asset.toUpperCase()));
    const later = reach.filter((r) => r.mode === 'ask_later' && (r.id !== fx?.id || fxWanted));
    let asking: string[] = [];
    if (!options.offline && later.length > 0 && resolution.missing.length > 0) {
      // For the shared table: what it lacks, whoever asked (a user's own prices are theirs only).
      const { progress: _progress, ...quiet } = options;
      const work = () => this.resolve(needs, { ...quiet, userId: null });
      if (this.background.start(key, work)) asking = later.map((r) => r.label);
    }
    return { resolution, reach, asking };
  }

  /**
   * Loads a price file into the table: a user's own prices (they win over the shared table,
   * for that user only), or shared ones (admins, `lotwise prices load`). All or nothing.
   */
  async loadFile(bytes: Buffer, name: string, options: PriceLoadOptions): Promise<LoadResult> {
    return loadPriceFile(this.repo, bytes, name, options);
  }

  /** Whether the coin catalogue (built-in list plus what providers told us) knows a symbol. */
  async knowsSymbol(symbol: string): Promise<boolean> {
    return (await this.coins()).candidates(symbol.trim().toUpperCase()).length > 0;
  }

  /** Coins matching a search: the catalogue first, then CoinGecko when it is configured. */
  async search(q: string, limit = 20): Promise<CoinRef[]> {
    const catalogue = await this.coins();
    let found = catalogue.search(q, limit);
    const provider = this.settings.coingecko;
    if (found.length < 5 && provider && q.trim().length >= 2) {
      try {
        const remote = await provider.search(q.trim());
        if (remote.length > 0) {
          await this.repo.saveCoins(remote);
          catalogue.add(remote);
          found = catalogue.search(q, limit);
        }
      } catch {
        // The local catalogue still answers when the provider does not.
      }
    }
    return found;
  }

  /**
   * The coins a symbol may mean (biggest first): what the table learnt from CoinGecko, asking
   * it once per symbol when it is configured (the built-in list knows one coin per symbol).
   */
  async candidates(symbol: string): Promise<CoinRef[]> {
    const catalogue = await this.coins();
    const provider = this.settings.coingecko;
    if (provider && (await this.repo.coins(symbol)).length === 0) {
      try {
        const coins = await provider.coins(symbol);
        await this.repo.saveCoins(coins);
        catalogue.add(coins);
      } catch {
        // The built-in list still answers when the provider does not.
      }
    }
    return catalogue.candidates(symbol);
  }

  async identify(symbol: string, chain?: string | null, contract?: string | null) {
    await this.candidates(symbol);
    return (await this.coins()).identify(symbol, chain, contract);
  }

  /** The name and rank the catalogue knows for a symbol (no provider call); the symbol itself when unknown. */
  async describe(symbol: string): Promise<{ name: string; rank: number | null; coinId: string | null }> {
    const coin = (await this.coins()).candidates(symbol)[0];
    return coin
      ? { name: coin.name, rank: coin.rank, coinId: coin.id }
      : { name: symbol, rank: null, coinId: null };
  }

  isFiat(code: string): boolean {
    return isFiat(code.toUpperCase());
  }
}

/** The prices table's owner column for reads by asset and day (other modules' price reads). */
export { priceOwner } from './price-owners.ts';
