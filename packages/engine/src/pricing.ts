import { isFiat } from './assets.ts';
import { type Dec, ONE, parseDecimal, roundMoney } from './decimal.ts';
import type { EngineEvent, Leg } from './events.ts';
import type { PriceLookup } from './types.ts';

/**
 * Values rows in the reporting currency. Order of sources (never a silent zero; null means
 * "missing price" and the caller flags the row): the row's fiat value, its fiat leg, the other
 * leg of a trade (a unit price derived from the row's total value), then the caller's price table.
 */
export class Pricer {
  constructor(
    private readonly currency: string,
    private readonly lookup: PriceLookup | undefined,
  ) {}

  /** Total value of the row (for buys/sells: the fiat leg, fee excluded). */
  txValue(event: EngineEvent): Dec | null {
    if (event.fiatValue !== null) {
      const fiatValue = event.fiatValue.value;
      if (event.fiatCurrency === this.currency || event.fiatCurrency === '') return fiatValue;
      const converted = this.convert(event.fiatCurrency, fiatValue, event);
      if (converted !== null) return converted;
    }
    if (event.sent?.fiat) {
      const value = this.fiatLegValue(event.sent, event);
      if (value !== null) return value;
    }
    if (event.received?.fiat) {
      const value = this.fiatLegValue(event.received, event);
      if (value !== null) return value;
    }
    if (event.received !== null) {
      const value = this.convert(event.received.asset, event.received.amount, event);
      if (value !== null) return value;
    }
    if (event.sent !== null) return this.convert(event.sent.asset, event.sent.amount, event);
    return null;
  }

  /**
   * Price of one unit of `asset` at the row's time. A leg of the row is priced from the
   * row's total value (so both legs of a trade carry the same value); anything else (a fee
   * in a third asset) from the price table.
   */
  unitPrice(event: EngineEvent, asset: string): Dec | null {
    if (asset === this.currency) return ONE;
    const amount = legAmount(event, asset);
    if (amount !== null && !isFiat(asset)) {
      const total = this.txValue(event);
      return total === null ? null : total.div(amount);
    }
    return this.lookupPrice(asset, event);
  }

  /** Value of `amount` units of a leg's asset at the row's time. */
  valueOf(event: EngineEvent, leg: Leg): Dec | null {
    if (leg.fiat) return this.fiatLegValue(leg, event);
    const price = this.unitPrice(event, leg.asset);
    return price === null ? null : roundMoney(price.times(leg.amount));
  }

  private fiatLegValue(leg: Leg, event: EngineEvent): Dec | null {
    return leg.asset === this.currency ? leg.amount : this.convert(leg.asset, leg.amount, event);
  }

  private convert(asset: string, amount: Dec, event: EngineEvent): Dec | null {
    if (asset === this.currency) return amount;
    const price = this.lookupPrice(asset, event);
    return price === null ? null : price.times(amount);
  }

  private lookupPrice(asset: string, event: EngineEvent): Dec | null {
    if (this.lookup === undefined) return null;
    let raw: string | null | undefined;
    try {
      raw = this.lookup(asset, event.tx.timestamp);
    } catch {
      return null;
    }
    const price = parseDecimal(raw);
    return price === null || price.isNeg() ? null : price;
  }
}

function legAmount(event: EngineEvent, asset: string): Dec | null {
  if (event.sent?.asset === asset) return event.sent.amount;
  if (event.received?.asset === asset) return event.received.amount;
  return null;
}
