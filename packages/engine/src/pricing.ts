import { isFiat } from './assets.ts';
import { isDecimalText } from './decimal.ts';
import type { EngineEvent, Leg } from './events.ts';
import { mulFixed, mulMoney, parseFixed, roundMoney, valueAtUnitPrice } from './fixed.ts';
import type { PriceLookup } from './types.ts';

/**
 * Values rows in the reporting currency. Order of sources (never a silent zero; null means
 * "missing price" and the caller flags the row): the row's fiat value, its fiat leg, the other
 * leg of a trade (a unit price derived from the row's total value), then the caller's price table.
 */
export class Pricer {
  private noticed: EngineEvent | null = null;

  constructor(
    private readonly currency: string,
    private readonly lookup: PriceLookup | undefined,
    /**
     * Told (once per row) when a row's own value in another currency could not be converted
     * and the price of its crypto leg valued it instead.
     */
    private readonly onFallback?: (event: EngineEvent, own: string, asset: string) => void,
    /**
     * Told when a fiat fee that could not be converted was valued at the rate its row's value
     * implies: the row's `total` (reporting currency) for its `amount` of the fee's currency.
     */
    private readonly onFeeAtRowRate?: (
      event: EngineEvent,
      fee: Leg,
      total: bigint,
      amount: bigint,
      value: bigint,
    ) => void,
  ) {}

  /** Total value of the row (for buys/sells: the fiat leg, fee excluded). */
  txValue(event: EngineEvent): bigint | null {
    // The row's own currency when its own figure could not be converted (no rate that day).
    let own: string | null = null;
    if (event.fiatValue !== null) {
      const fiatValue = event.fiatValue;
      if (event.fiatCurrency === this.currency || event.fiatCurrency === '') return fiatValue;
      const converted = this.convert(event.fiatCurrency, fiatValue, event);
      if (converted !== null) return converted;
      own = event.fiatCurrency;
    }
    if (event.sent?.fiat) {
      const value = this.fiatLegValue(event.sent, event);
      if (value !== null) return value;
      own ??= event.sent.asset;
    }
    if (event.received?.fiat) {
      const value = this.fiatLegValue(event.received, event);
      if (value !== null) return value;
      own ??= event.received.asset;
    }
    for (const leg of [event.received, event.sent]) {
      if (leg === null) continue;
      const value = this.convert(leg.asset, leg.amount, event);
      if (value === null) continue;
      if (own !== null && !leg.fiat && this.noticed !== event) {
        this.noticed = event;
        this.onFallback?.(event, own, leg.asset);
      }
      return value;
    }
    return null;
  }

  /**
   * Value of `qty` units of `asset` at the row's time, rounded to 12 places. A leg of the row
   * is priced from the row's total value (so both legs of a trade carry the same value);
   * anything else (a fee in a third asset) from the price table.
   */
  valueAt(event: EngineEvent, asset: string, qty: bigint): bigint | null {
    if (asset === this.currency) return roundMoney(qty);
    const amount = legAmount(event, asset);
    if (amount !== null && !isFiat(asset)) {
      const total = this.txValue(event);
      if (total === null) return null;
      // A zero-amount leg cannot price anything (decimal.js gave an infinite price).
      return amount === 0n ? null : valueAtUnitPrice(total, amount, qty);
    }
    const price = this.lookupPrice(asset, event);
    return price === null ? null : mulMoney(price, qty);
  }

  /**
   * Value of the row's fee leg: the user's fee price × the fee units when the row has one (a
   * fee in the reporting currency is its own value), else like any other leg.
   */
  feeValue(event: EngineEvent, fee: Leg): bigint | null {
    if (event.feePrice !== null && fee.asset !== this.currency) return mulMoney(event.feePrice, fee.amount);
    const value = this.valueOf(event, fee);
    return value === null && fee.fiat ? this.feeAtRowRate(event, fee) : value;
  }

  /**
   * A fiat fee whose currency has no rate that day, valued at the rate the row's own value
   * implies: the row's value in the reporting currency (from its crypto leg's price) for its
   * amount in the fee's currency. A £3.96 fee on 0.25 ETH sold for £660 with ETH at $2,450:
   * 3.96 × 612.50 / 660 = $3.675. Null when the row has no amount in that currency or no value.
   */
  private feeAtRowRate(event: EngineEvent, fee: Leg): bigint | null {
    const amount = ownAmount(event, fee.asset);
    if (amount === null || amount === 0n) return null;
    const total = this.txValue(event);
    if (total === null) return null;
    const value = valueAtUnitPrice(total, amount, fee.amount);
    this.onFeeAtRowRate?.(event, fee, total, amount, value);
    return value;
  }

  /** Value of `qty` units of `asset`, at the user's fee price when it is the row's fee asset. */
  feeValueAt(event: EngineEvent, asset: string, qty: bigint): bigint | null {
    if (event.feePrice !== null && event.fee?.asset === asset && asset !== this.currency) {
      return mulMoney(event.feePrice, qty);
    }
    return this.valueAt(event, asset, qty);
  }

  /** Value of `amount` units of a leg's asset at the row's time. */
  valueOf(event: EngineEvent, leg: Leg): bigint | null {
    if (leg.fiat) return this.fiatLegValue(leg, event);
    return this.valueAt(event, leg.asset, leg.amount);
  }

  private fiatLegValue(leg: Leg, event: EngineEvent): bigint | null {
    return leg.asset === this.currency ? leg.amount : this.convert(leg.asset, leg.amount, event);
  }

  private convert(asset: string, amount: bigint, event: EngineEvent): bigint | null {
    if (asset === this.currency) return amount;
    const price = this.lookupPrice(asset, event);
    return price === null ? null : mulFixed(price, amount);
  }

  private lookupPrice(asset: string, event: EngineEvent): bigint | null {
    if (this.lookup === undefined) return null;
    let raw: string | null | undefined;
    try {
      raw = this.lookup(asset, event.tx.timestamp);
    } catch {
      return null;
    }
    return parsePrice(raw);
  }
}

/** A price from the caller's table: a finite, non-negative decimal (string or number). */
function parsePrice(raw: unknown): bigint | null {
  let text: string;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return null;
    text = String(raw);
  } else if (typeof raw === 'string') text = raw.trim();
  else return null;
  if (!isDecimalText(text)) return null;
  const price = parseFixed(text);
  return price < 0n ? null : price;
}

/** The row's own amount in fiat currency `asset`: its fiat value, else a fiat leg. */
function ownAmount(event: EngineEvent, asset: string): bigint | null {
  if (event.fiatValue !== null && event.fiatCurrency === asset) return event.fiatValue;
  if (event.sent?.fiat && event.sent.asset === asset) return event.sent.amount;
  if (event.received?.fiat && event.received.asset === asset) return event.received.amount;
  return null;
}

function legAmount(event: EngineEvent, asset: string): bigint | null {
  if (event.sent?.asset === asset) return event.sent.amount;
  if (event.received?.asset === asset) return event.received.amount;
  return null;
}
