import { isFiat } from '@lotwise/engine/assets';
import { utcDay } from './days.ts';
import type { PriceNeed } from './types.ts';

interface Leg {
  asset: string;
  amount: string;
}

/** What a row carries that decides which prices valuing it may take (an engine input row). */
export interface PricedRow {
  timestamp: string;
  sent?: Leg | null;
  received?: Leg | null;
  fee?: Leg | null;
  fiat_value?: { currency: string; amount: string } | null;
  feePrice?: string | null;
  /** "chain:contract" of the token leg, when the file named it. */
  token_contract?: string | null;
}

/**
 * Every (asset, day) the valuation of these rows may ask the price table for, once each:
 * a fiat value or fiat leg in another currency needs its FX rate; a row with neither needs
 * its crypto legs' prices; a fee in a third asset needs that asset's price (unless the user
 * priced it). A calculation resolves them in one batch before the engine runs. A need carries
 * the first contract a file named for its symbol (the book prices one coin per symbol).
 * A row valued in another fiat currency also names its crypto legs as backups (`unless` that
 * currency): when no rate converts its own value that day, the engine values it from the
 * asset's price instead (a price file's USD price of ETH values a GBP-valued reward).
 */
export function priceNeeds(rows: Iterable<PricedRow>, currency: string): PriceNeed[] {
  const reporting = currency.toUpperCase();
  // Upper-cased codes as written (a million rows repeat a few dozen), and the days of each code.
  const codes = new Map<string, string>();
  const seen = new Map<string, Map<string, PriceNeed>>();
  const out: PriceNeed[] = [];
  const contracts = new Map<string, string>();
  const add = (asset: string, day: string, unless?: string) => {
    let code = codes.get(asset);
    if (code === undefined) {
      code = asset.toUpperCase();
      codes.set(asset, code);
    }
    if (code === reporting) return;
    let days = seen.get(code);
    if (days === undefined) {
      days = new Map();
      seen.set(code, days);
    }
    const known = days.get(day);
    if (known !== undefined) {
      // Needed outright, or as the backup of two currencies: asked for in the first batch.
      if (known.unless !== undefined && known.unless !== unless) delete known.unless;
      return;
    }
    const need: PriceNeed = unless === undefined ? { asset: code, day } : { asset: code, day, unless };
    days.set(day, need);
    out.push(need);
  };
  for (const row of rows) {
    const day = utcDay(row.timestamp);
    if (day === null) continue;
    const legs: Leg[] = [];
    if (row.sent) legs.push(row.sent);
    if (row.received) legs.push(row.received);
    const fiatLeg = legs.find((leg) => isFiat(leg.asset.toUpperCase()));
    if (row.token_contract) {
      for (const leg of legs) {
        const code = leg.asset.toUpperCase();
        if (!isFiat(code) && !contracts.has(code)) contracts.set(code, row.token_contract);
      }
    }
    if (row.fiat_value) add(row.fiat_value.currency, day);
    if (fiatLeg) add(fiatLeg.asset, day);
    const own = row.fiat_value
      ? row.fiat_value.currency.toUpperCase() || reporting
      : (fiatLeg?.asset.toUpperCase() ?? null);
    if (own === null) for (const leg of legs) add(leg.asset, day);
    else if (own !== reporting) {
      for (const leg of legs) if (!isFiat(leg.asset.toUpperCase())) add(leg.asset, day, own);
    }
    const fee = row.fee;
    if (fee && !row.feePrice && !legs.some((leg) => leg.asset === fee.asset)) add(fee.asset, day);
  }
  if (contracts.size > 0) {
    for (const need of out) {
      const contract = contracts.get(need.asset);
      if (contract) need.contract = contract;
    }
  }
  return out;
}
