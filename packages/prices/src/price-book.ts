import { isFiat } from '@lotwise/engine/assets';
import Decimal from 'decimal.js';
import { addDays } from './days.ts';
import { originLabel } from './origin-label.ts';
import type { PriceAnswer, StoredPrice, ValueSource } from './types.ts';

/** Exact enough for any chain of conversions: 40 significant digits, results kept to 18 places. */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });
const PLACES = 18;
/** ECB rates exist for business days only: a weekend or holiday takes the last rate before it. */
const FX_LOOKBACK_DAYS = 7;
const NO_STEPS: string[] = [];

type EntrySource = Extract<ValueSource, 'manual' | 'cache' | 'provider'>;

/** A user's own price beats the shared table, which beats nothing. */
const RANK: Record<EntrySource, number> = { manual: 2, cache: 1, provider: 1 };

interface Rate {
  rate: Decimal;
  source: EntrySource;
  origin: string;
  day: string;
}

/** asset → quote → day ("YYYY-MM-DD", or "YYYY-MM-DDTHH:MM" for a minute's price) → its answer. */
type Table = Map<string, Map<string, Map<string, PriceAnswer>>>;

/**
 * The prices one resolution works with, in memory: stored and fetched prices keyed by asset,
 * quote and day (or minute), stablecoin pegs, and the conversions between quotes (FX through
 * a direct rate, its inverse, or the ECB's euro rates). A stored price is kept as the answer
 * it gives (no object per question), and answers that need work are memoised: a calculation
 * asks the same (asset, day) for many rows.
 */
export class PriceBook {
  private readonly table: Table = new Map();
  private readonly memo = new Map<string, PriceAnswer | null>();
  private minutes = false;
  private count = 0;

  constructor(
    /** Stablecoins valued at their peg when nothing else prices them: asset → fiat code. */
    private readonly pegs: ReadonlyMap<string, string> = new Map(),
  ) {}

  get size(): number {
    return this.count;
  }

  /** Adds a price; a user's own price is never replaced by a shared one. */
  add(price: StoredPrice, source: EntrySource): void {
    const asset = price.asset.toUpperCase();
    const quote = price.quote.toUpperCase();
    const when = price.minute ? `${price.day}T${price.minute}` : price.day;
    if (price.minute) this.minutes = true;
    let quotes = this.table.get(asset);
    if (quotes === undefined) {
      quotes = new Map();
      this.table.set(asset, quotes);
    }
    let days = quotes.get(quote);
    if (days === undefined) {
      days = new Map();
      quotes.set(quote, days);
    }
    const old = days.get(when);
    if (old && RANK[old.source as EntrySource] > RANK[source]) return;
    if (!old) this.count++;
    days.set(when, {
      price: price.price,
      source,
      origin: price.origin,
      precision: price.minute ? 'minute' : 'day',
      day: price.day,
      via: NO_STEPS,
    });
    if (this.memo.size > 0) this.memo.clear();
  }

  /** Does the table itself (no conversion, no peg) hold a price of `asset` that day in any quote? */
  hasAny(asset: string, day: string): boolean {
    const quotes = this.table.get(asset.toUpperCase());
    if (!quotes) return false;
    for (const days of quotes.values()) if (days.has(day)) return true;
    return false;
  }

  /** Every minute's price held: (asset, day, minute), for a snapshot that keeps them. */
  *minuteKeys(): Iterable<{ asset: string; day: string; minute: string }> {
    if (!this.minutes) return;
    for (const [asset, quotes] of this.table) {
      for (const days of quotes.values()) {
        for (const when of days.keys()) {
          if (when.length > 10) yield { asset, day: when.slice(0, 10), minute: when.slice(11) };
        }
      }
    }
  }

  isPegged(asset: string): boolean {
    return this.pegs.has(asset.toUpperCase());
  }

  /**
   * One unit of `asset` in `currency` on `day` (at `minute`, UTC, when a minute's price is
   * stored): the table in that currency, else the table in another quote converted, else the
   * peg; a fiat asset through FX. Null when nothing prices it: never a silent zero.
   */
  answer(asset: string, currency: string, day: string, minute?: string | null): PriceAnswer | null {
    const a = asset.toUpperCase();
    const c = currency.toUpperCase();
    const at = this.minutes && minute ? minute : null;
    // The common case: a stored price in the currency asked, no conversion, nothing to remember.
    const direct = this.entry(a, c, day, at);
    if (direct !== null && a !== c) return direct;
    const key = `${a}|${c}|${day}${at ? `T${at}` : ''}`;
    const cached = this.memo.get(key);
    if (cached !== undefined) return cached;
    const answer = this.compute(a, c, day, at);
    this.memo.set(key, answer);
    return answer;
  }

  private compute(asset: string, currency: string, day: string, minute: string | null): PriceAnswer | null {
    if (asset === currency)
      return { price: '1', source: 'file', origin: 'same currency', precision: 'exact', day, via: [] };
    if (isFiat(asset)) {
      const rate = this.fx(asset, currency, day);
      return rate ? this.fromRate(rate, []) : null;
    }
    const quotes = this.table.get(asset);
    if (quotes) {
      // USD first: providers are asked in USD, so most assets have it.
      const order = [...quotes.keys()].sort((x, y) =>
        x === 'USD' ? -1 : y === 'USD' ? 1 : x.localeCompare(y),
      );
      for (const quote of order) {
        const found = this.entry(asset, quote, day, minute);
        if (!found) continue;
        const rate = this.fx(quote, currency, day);
        if (!rate) continue;
        return {
          ...found,
          price: round(new D(found.price).mul(rate.rate)),
          via: [describe(quote, currency, rate)],
        };
      }
    }
    const peg = this.pegs.get(asset);
    if (peg !== undefined) {
      const base: PriceAnswer = {
        price: '1',
        source: 'peg',
        origin: `${peg} peg`,
        precision: 'day',
        day,
        via: [],
      };
      if (peg === currency) return base;
      const rate = this.fx(peg, currency, day);
      if (rate) return { ...base, price: round(rate.rate), via: [describe(peg, currency, rate)] };
    }
    return null;
  }

  /** The stored answer: the minute's when asked and held, else the day's. */
  private entry(asset: string, quote: string, day: string, minute: string | null): PriceAnswer | null {
    const days = this.table.get(asset)?.get(quote);
    if (days === undefined) return null;
    if (minute !== null) {
      const exact = days.get(`${day}T${minute}`);
      if (exact) return exact;
    }
    return days.get(day) ?? null;
  }

  private rateOf(asset: string, quote: string, day: string): PriceAnswer | undefined {
    return this.table.get(asset)?.get(quote)?.get(day);
  }

  /** 1 `from` in `to` on `day` or the last day before it with a rate (up to a week). */
  fx(from: string, to: string, day: string): Rate | null {
    if (from === to) return { rate: new D(1), source: 'cache', origin: 'same currency', day };
    for (let back = 0; back <= FX_LOOKBACK_DAYS; back++) {
      const d = back === 0 ? day : addDays(day, -back);
      const rate = this.fxOn(from, to, d);
      if (rate) return rate;
    }
    return null;
  }

  private fxOn(from: string, to: string, day: string): Rate | null {
    const direct = this.rateOf(from, to, day);
    if (direct)
      return { rate: new D(direct.price), source: direct.source as EntrySource, origin: direct.origin, day };
    const inverse = this.rateOf(to, from, day);
    if (inverse && !new D(inverse.price).isZero()) {
      return {
        rate: new D(1).div(inverse.price),
        source: inverse.source as EntrySource,
        origin: inverse.origin,
        day,
      };
    }
    // Cross rates through a base both are quoted against (the ECB quotes everything in EUR).
    for (const base of ['EUR', 'USD']) {
      const toRate = base === to ? undefined : this.rateOf(base, to, day);
      const fromRate = base === from ? undefined : this.rateOf(base, from, day);
      const toValue = base === to ? new D(1) : toRate ? new D(toRate.price) : null;
      const fromValue = base === from ? new D(1) : fromRate ? new D(fromRate.price) : null;
      if (toValue === null || fromValue === null || fromValue.isZero()) continue;
      const used = (toRate ?? fromRate)!;
      return { rate: toValue.div(fromValue), source: used.source as EntrySource, origin: used.origin, day };
    }
    return null;
  }

  private fromRate(rate: Rate, via: string[]): PriceAnswer {
    return {
      price: round(rate.rate),
      source: rate.source,
      origin: rate.origin,
      precision: 'day',
      day: rate.day,
      via,
    };
  }
}

function round(value: Decimal): string {
  return value.toDecimalPlaces(PLACES).toFixed();
}

function describe(from: string, to: string, rate: Rate): string {
  return `${from}→${to} ${rate.rate.toSignificantDigits(8).toFixed()} (${originLabel(rate.origin)}, ${rate.day})`;
}
