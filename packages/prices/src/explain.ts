import { isFiat } from '@lotwise/engine/assets';
import type { PriceLookup } from '@lotwise/engine/types';
import Decimal from 'decimal.js';
import { utcDay, utcMinute } from './days.ts';
import type { PricedRow } from './needs.ts';
import { originLabel } from './origin-label.ts';
import type { PriceBook } from './price-book.ts';
import type { PriceAnswer, ValueSource } from './types.ts';

/** The engine's price table over a resolved book: one unit of `asset` in `currency` at an instant. */
export function engineLookup(book: PriceBook, currency: string): PriceLookup {
  return (asset, timestamp) => {
    const day = utcDay(timestamp);
    return day === null ? null : (book.answer(asset, currency, day, utcMinute(timestamp))?.price ?? null);
  };
}

/** A row's value in the reporting currency and where it came from, as the list shows it on hover. */
export interface RowValue {
  /** Total value (the fiat leg, fee excluded), exact; null when nothing prices it. */
  value: string | null;
  source: ValueSource;
  /** The price-table price used (provider, cache, peg, user's own), when one was. */
  price: PriceAnswer | null;
  /** The asset that price is for. */
  pricedAsset: string | null;
  /** Conversions on the way ("GBP→USD 1.2712 (ecb 2024-02-02)"). */
  via: string[];
}

/**
 * Values one row the way the engine does (packages/engine/src/pricing.ts `txValue`, same
 * order): the user's manual price, the row's own fiat value, its fiat leg, then the price of
 * a crypto leg (received first) — for a trade that is "the other leg". Used to explain a
 * value, not to compute taxes; a test keeps the two in step on every sample export.
 */
export function explainValue(row: PricedRow, currency: string, book: PriceBook, manual = false): RowValue {
  const reporting = currency.toUpperCase();
  const day = utcDay(row.timestamp);
  const minute = utcMinute(row.timestamp);
  const missing: RowValue = { value: null, source: 'missing', price: null, pricedAsset: null, via: [] };
  if (day === null) return missing;
  const convert = (asset: string, amount: string): { value: string; answer: PriceAnswer | null } | null => {
    const code = asset.toUpperCase();
    if (code === reporting) return { value: amount, answer: null };
    const answer = book.answer(code, reporting, day, minute);
    return answer ? { value: new Decimal(amount).mul(answer.price).toFixed(), answer } : null;
  };
  // The row's own currency when its own figure could not be converted (no rate that day).
  let own: string | null = null;
  const fiatValue = row.fiat_value;
  if (fiatValue && fiatValue.currency !== '') {
    const converted = convert(fiatValue.currency, fiatValue.amount);
    if (converted) {
      return {
        value: converted.value,
        source: manual ? 'manual' : 'file',
        price: null,
        pricedAsset: null,
        via: converted.answer ? fxSteps(fiatValue.currency, reporting, converted.answer) : [],
      };
    }
    own = fiatValue.currency.toUpperCase();
  }
  for (const leg of [row.sent, row.received]) {
    if (!leg || !isFiat(leg.asset.toUpperCase())) continue;
    const converted = convert(leg.asset, leg.amount);
    if (converted) {
      const via = converted.answer ? fxSteps(leg.asset, reporting, converted.answer) : [];
      return { value: converted.value, source: 'fiat_leg', price: null, pricedAsset: null, via };
    }
    own ??= leg.asset.toUpperCase();
  }
  const trade = row.sent != null && row.received != null;
  for (const leg of [row.received, row.sent]) {
    if (!leg || isFiat(leg.asset.toUpperCase())) continue;
    const converted = convert(leg.asset, leg.amount);
    if (!converted?.answer) continue;
    return {
      value: converted.value,
      source: trade ? 'trade_leg' : converted.answer.source,
      price: converted.answer,
      pricedAsset: leg.asset.toUpperCase(),
      via:
        own === null
          ? converted.answer.via
          : [
              `no ${own}→${reporting} rate on ${day}: valued from ${leg.asset.toUpperCase()}'s price`,
              ...converted.answer.via,
            ],
    };
  }
  return missing;
}

function fxSteps(from: string, to: string, answer: PriceAnswer): string[] {
  if (answer.via.length > 0) return answer.via;
  const rate = new Decimal(answer.price).toSignificantDigits(8).toFixed();
  return [`${from.toUpperCase()}→${to} ${rate} (${originLabel(answer.origin)}, ${answer.day})`];
}
