import type { PriceLookup } from '@lotwise/engine/types';
import { utcDay, utcMinute } from './days.ts';
import type { PriceBook } from './price-book.ts';
import type { PriceNeed } from './types.ts';

/**
 * A resolved book flattened for the engine's worker thread (a function cannot cross
 * threads): the price in the reporting currency of every need that has one, keyed
 * "ASSET|YYYY-MM-DD", and of every minute's price, keyed "ASSET|YYYY-MM-DDTHH:MM".
 */
export interface PriceTableData {
  days: Array<[string, string]>;
  minutes: Array<[string, string]>;
}

export function priceTable(book: PriceBook, needs: Iterable<PriceNeed>, currency: string): PriceTableData {
  const days: Array<[string, string]> = [];
  for (const need of needs) {
    const answer = book.answer(need.asset, currency, need.day);
    if (answer) days.push([`${need.asset}|${need.day}`, answer.price]);
  }
  const minutes: Array<[string, string]> = [];
  for (const { asset, day, minute } of book.minuteKeys()) {
    const answer = book.answer(asset, currency, day, minute);
    if (answer?.precision === 'minute') minutes.push([`${asset}|${day}T${minute}`, answer.price]);
  }
  return { days, minutes };
}

/** The engine's price lookup over a flattened table. */
export function tableLookup(data: PriceTableData): PriceLookup {
  const days = new Map(data.days);
  const minutes = data.minutes.length > 0 ? new Map(data.minutes) : null;
  return (asset, timestamp) => {
    const day = utcDay(timestamp);
    if (day === null) return null;
    const code = asset.toUpperCase();
    if (minutes) {
      const exact = minutes.get(`${code}|${day}T${utcMinute(timestamp)}`);
      if (exact !== undefined) return exact;
    }
    return days.get(`${code}|${day}`) ?? null;
  };
}
