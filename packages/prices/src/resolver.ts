import { isFiat } from '@lotwise/engine/assets';
import { Catalogue, platformOf } from './catalogue.ts';
import { addDays, windows } from './days.ts';
import { PriceBook } from './price-book.ts';
import { seconds } from './providers/deadline.ts';
import {
  type CoinRef,
  type CryptoProvider,
  type FxProvider,
  notResponding,
  ProviderError,
} from './providers/provider.ts';
import { BoundReached, type BoundReason, ResolutionBound } from './resolution-bound.ts';
import type { PriceStore } from './store.ts';
import type { PriceNeed, ProviderFailure, StoredPrice } from './types.ts';

export interface Providers {
  /** Asked in this order; the next one fills what the previous had not. */
  crypto: readonly CryptoProvider[];
  fx: FxProvider | null;
}

export interface ResolveOptions {
  currency: string;
  userId?: number | null;
  /** No provider calls: the table, the user's own prices and pegs only. */
  offline?: boolean;
  /** Ask again for windows a provider recently had nothing for ("fetch again"). */
  refetch?: boolean;
  /** Provider ids not asked in this resolution (a page that cannot wait on them, issue 35.11). */
  skip?: ReadonlySet<string>;
  /**
   * How long this resolution may wait on providers in all (ms); what is open then comes from
   * the table, and each provider not asked for it is named in `failures`.
   */
  budgetMs?: number;
  /** Stops every wait on a provider at once (a server that stops); `stopped` then says so. */
  signal?: AbortSignal;
  progress?: (message: string, done: number, total: number) => void | Promise<void>;
}

/** A symbol several coins share, priced as the biggest of them: the user may change it. */
export interface AmbiguousAsset {
  asset: string;
  chosen: CoinRef;
  alternatives: CoinRef[];
}

export interface Resolution {
  book: PriceBook;
  /** Provider requests made. */
  requests: number;
  /** Prices fetched and kept in the table. */
  fetched: number;
  failures: ProviderFailure[];
  /** Needs nothing priced (the rows stay `missing`). */
  missing: PriceNeed[];
  ambiguous: AmbiguousAsset[];
  /** Set when providers were no longer asked: the budget was spent, or the signal aborted. */
  stopped: BoundReason | null;
}

/** Days apart that still share one provider request (the days between come along). */
const WINDOW_GAP = 45;
/** FX rates come with a week before the first day (weekends and holidays look back). */
const FX_LEAD_DAYS = 7;

/**
 * Resolves a batch of (asset, day) needs: the local table and the user's own prices first,
 * then each configured provider for what is left, one request per (asset, window) and one FX
 * request for all currencies; what providers send is kept in the table for every user.
 * A provider that fails is reported once (the spec's '{X} service is not currently
 * responding…') and not asked again in this resolution; its rows stay missing, never 0.
 */
export class PriceResolver {
  constructor(
    private readonly store: PriceStore,
    private readonly providers: Providers,
    private readonly pegs: ReadonlyMap<string, string>,
    private readonly catalogue: Catalogue = new Catalogue(),
  ) {}

  async resolve(needs: Iterable<PriceNeed>, options: ResolveOptions): Promise<Resolution> {
    const all = [...needs];
    const currency = options.currency.toUpperCase();
    const book = new PriceBook(this.pegs);
    const run: Run = {
      book,
      requests: 0,
      fetched: 0,
      failures: [],
      down: new Set(options.skip ?? []),
      ambiguous: [],
      options,
      done: 0,
      contracts: new Map(),
      bound: new ResolutionBound(options.budgetMs, options.signal),
    };
    for (const need of all) if (need.contract) run.contracts.set(need.asset.toUpperCase(), need.contract);
    const missing = await this.batch(
      run,
      all.filter((n) => n.unless === undefined),
      currency,
    );
    // Backups: the crypto legs of rows whose own currency has no rate that day.
    const backups = all.filter(
      (n) => n.unless !== undefined && book.answer(n.unless, currency, n.day) === null,
    );
    if (backups.length > 0) missing.push(...(await this.batch(run, backups, currency)));
    return finish(run, missing);
  }

  /** One batch of needs into the run's book; returns those nothing priced. */
  private async batch(run: Run, list: PriceNeed[], currency: string): Promise<PriceNeed[]> {
    const { book, options } = run;
    const byAsset = new Map<string, Set<string>>();
    let minDay = '9999-12-31';
    let maxDay = '0000-01-01';
    for (const need of list) {
      const asset = need.asset.toUpperCase();
      if (asset === currency) continue;
      const days = byAsset.get(asset) ?? new Set<string>();
      byAsset.set(asset, days);
      days.add(need.day);
      if (need.day < minDay) minDay = need.day;
      if (need.day > maxDay) maxDay = need.day;
    }
    if (byAsset.size === 0) return [];

    const fiats = new Set(['EUR', 'USD', currency, ...this.pegs.values()]);
    for (const asset of byAsset.keys()) if (isFiat(asset)) fiats.add(asset);
    const stored = await this.store.load({
      assets: [...new Set([...byAsset.keys(), ...fiats])],
      from: addDays(minDay, -FX_LEAD_DAYS),
      to: maxDay,
      userId: options.userId ?? null,
    });
    for (const price of stored) book.add(price, price.userId != null ? 'manual' : 'cache');

    // What the table answers needs no provider; a stablecoin at its peg is asked about anyway
    // (a market price beats the peg when a provider has one).
    const unanswered = (list: Iterable<PriceNeed>, pegIsOpen: boolean) => {
      const out: PriceNeed[] = [];
      for (const need of list) {
        const answer = book.answer(need.asset, currency, need.day);
        if (answer === null || (pegIsOpen && answer.source === 'peg')) out.push(need);
      }
      return out;
    };
    const all = function* () {
      for (const [asset, days] of byAsset) for (const day of days) yield { asset, day };
    };
    let open = unanswered(all(), !options.offline && this.providers.crypto.length > 0);
    if (!options.offline && open.length > 0) {
      const crypto = new Map<string, string[]>();
      for (const { asset, day } of open) {
        if (isFiat(asset) || book.hasAny(asset, day)) continue;
        crypto.set(asset, [...(crypto.get(asset) ?? []), day]);
      }
      const total = crypto.size + (this.providers.fx ? 1 : 0);
      for (const [asset, days] of crypto) {
        await this.fetchCrypto(run, asset, days);
        await report(run, `Prices: ${asset}`, total);
      }
      open = unanswered(open, false);
      // Conversions still missing (a fiat row, or a crypto price in another currency).
      const fxDays = open.filter((n) => isFiat(n.asset) || book.hasAny(n.asset, n.day)).map((n) => n.day);
      if (fxDays.length > 0 && this.providers.fx) {
        await this.fetchFx(run, [...fiats], fxDays);
        open = unanswered(open, false);
      }
      await report(run, 'Exchange rates', total);
    }
    return options.offline ? open : unanswered(open, false);
  }

  /** The coin a provider knows a symbol as: the catalogue (and what we learnt before), then the provider. */
  private async identify(run: Run, provider: CryptoProvider, symbol: string): Promise<CoinRef | null> {
    if (provider.id === 'coingecko') {
      // Before the first fetch of a symbol, learn every coin the provider has under it (kept in
      // the table): the built-in list knows one UNI, the provider may know two.
      const learnt = await this.store.coins(symbol);
      if (learnt.length === 0 && !run.down.has(provider.id)) {
        const coins = await this.ask(run, provider, () => provider.coins(symbol));
        if (coins && coins.length > 0) {
          await this.store.saveCoins(coins);
          learnt.push(...coins);
        }
      }
      this.catalogue.add(learnt);
      const byContract = await this.byContract(run, provider, symbol);
      if (byContract) return byContract;
      const found = this.catalogue.identify(symbol);
      if (!found) return null;
      if (found.alternatives.length > 0 && !run.ambiguous.some((a) => a.asset === symbol)) {
        run.ambiguous.push({ asset: symbol, chosen: found.coin, alternatives: found.alternatives });
      }
      return found.coin;
    }
    const coins = await this.ask(run, provider, () => provider.coins(symbol));
    return coins?.[0] ?? null;
  }

  /**
   * The coin the file's contract names for this symbol: the catalogue's platforms first, then
   * the provider (its answer is kept). Null when the rows named no contract or nobody knows it.
   */
  private async byContract(run: Run, provider: CryptoProvider, symbol: string): Promise<CoinRef | null> {
    const named = run.contracts.get(symbol);
    if (!named) return null;
    const cut = named.indexOf(':');
    const chain = cut > 0 ? named.slice(0, cut) : '';
    const address = named.slice(cut + 1);
    const known = this.catalogue.identify(symbol, chain, address);
    if (known && known.alternatives.length === 0 && hasContract(known.coin, address)) return known.coin;
    if (!provider.coinByContract || run.down.has(provider.id)) return null;
    const coin = await this.ask(run, provider, () => provider.coinByContract!(platformOf(chain), address));
    if (!coin) return null;
    await this.store.saveCoins([coin]);
    this.catalogue.add([coin]);
    return coin;
  }

  private async fetchCrypto(run: Run, asset: string, days: string[]): Promise<void> {
    let lacking = days;
    for (const provider of this.providers.crypto) {
      if (run.down.has(provider.id)) continue;
      const coin = await this.identify(run, provider, asset);
      if (!coin) continue;
      const asked = run.options.refetch ? [] : await this.store.misses(provider.id, asset);
      for (const [from, to] of windows(lacking, WINDOW_GAP, provider.maxWindow)) {
        if (run.down.has(provider.id)) break;
        if (asked.some((m) => m.from <= from && m.to >= to)) continue;
        const points = await this.ask(run, provider, () => provider.daily(coin, 'USD', from, to));
        if (points === null) continue;
        if (points.length === 0) {
          await this.store.recordMiss({ provider: provider.id, asset, from, to });
          continue;
        }
        const prices: StoredPrice[] = points.map((p) => ({
          asset,
          providerId: coin.id,
          day: p.day,
          quote: 'USD',
          price: p.price,
          origin: provider.id,
        }));
        await this.store.save(prices);
        for (const price of prices) run.book.add(price, 'provider');
        run.fetched += prices.length;
      }
      lacking = lacking.filter((day) => !run.book.hasAny(asset, day));
      if (lacking.length === 0) return;
    }
  }

  private async fetchFx(run: Run, currencies: string[], days: string[]): Promise<void> {
    const fx = this.providers.fx!;
    if (run.down.has(fx.id)) return;
    const sorted = [...days].sort();
    const rates = await this.ask(run, fx, () =>
      fx.rates(
        currencies.filter((c) => c !== 'EUR'),
        addDays(sorted[0]!, -FX_LEAD_DAYS),
        sorted.at(-1)!,
      ),
    );
    if (!rates || rates.length === 0) return;
    await this.store.save(rates);
    for (const rate of rates) run.book.add(rate, 'provider');
    run.fetched += rates.length;
  }

  /**
   * One provider call: counted, and a failure recorded once (the provider is then skipped).
   * Once the run's bound is reached (its budget, its signal) nobody waits on the call any more
   * and no provider is asked again in this run.
   */
  private async ask<T>(
    run: Run,
    provider: { id: string; label: string },
    call: () => Promise<T>,
  ): Promise<T | null> {
    if (run.bound.over()) return this.stopAsking(run, provider);
    run.requests++;
    try {
      return await run.bound.race(call());
    } catch (error) {
      if (error instanceof BoundReached) return this.stopAsking(run, provider);
      if (error instanceof ProviderError && error.kind === 'no_data') return null;
      const message =
        error instanceof ProviderError && error.kind === 'unauthorized'
          ? `${provider.label} refused the request: ${error.message}`
          : notResponding(provider.label);
      if (!run.failures.some((f) => f.provider === provider.id && f.message === message)) {
        run.failures.push({ provider: provider.id, message });
      }
      // An outage or an unreadable reply stops this provider for the run; a refusal is per request.
      if (!(error instanceof ProviderError && error.kind === 'unauthorized')) run.down.add(provider.id);
      return null;
    }
  }

  /** The bound is reached: no provider is asked again; a spent budget is named per provider. */
  private stopAsking(run: Run, provider: { id: string; label: string }): null {
    for (const p of [...this.providers.crypto, ...(this.providers.fx ? [this.providers.fx] : [])])
      run.down.add(p.id);
    if (run.bound.reached === 'budget') {
      const message = `${provider.label} did not answer in time: prices were asked for ${seconds(run.bound.budgetMs ?? 0)} in all, the rest is from your local price table (calculate again to ask for it).`;
      if (!run.failures.some((f) => f.provider === provider.id)) {
        run.failures.push({ provider: provider.id, message });
      }
    }
    return null;
  }
}

interface Run {
  book: PriceBook;
  requests: number;
  fetched: number;
  failures: ProviderFailure[];
  down: Set<string>;
  ambiguous: AmbiguousAsset[];
  options: ResolveOptions;
  done: number;
  /** The contract the rows named for each symbol. */
  contracts: Map<string, string>;
  bound: ResolutionBound;
}

function hasContract(coin: CoinRef, address: string): boolean {
  return Object.values(coin.platforms ?? {}).some((a) => a.toLowerCase() === address.toLowerCase());
}

async function report(run: Run, message: string, total: number): Promise<void> {
  run.done++;
  await run.options.progress?.(message, run.done, total);
}

function finish(run: Run, missing: PriceNeed[]): Resolution {
  return {
    book: run.book,
    requests: run.requests,
    fetched: run.fetched,
    failures: run.failures,
    missing,
    ambiguous: run.ambiguous,
    stopped: run.bound.reached,
  };
}
