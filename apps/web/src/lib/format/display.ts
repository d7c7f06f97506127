import type { PriceSource } from '@lotwise/contracts/holdings/holdings';
import { parseDecimal } from '@/lib/format/decimal-string';

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Mar 1, 2024" from an ISO timestamp (UTC, as stored); the text itself when it is no date. */
export function formatDay(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : DATE.format(time);
}

/** Where a market value comes from: the price table's latest price, or the user's latest transaction. */
export function priceNote(source: PriceSource | null): string | null {
  if (!source) return null;
  if (source.kind === 'price_table') return `price from ${source.origin} on ${formatDay(source.date)}`;
  return `price from your latest transaction on ${formatDay(source.date)}`;
}

/** Sign of a decimal string without turning it into a float: 1, -1 or 0 (also for null). */
export function signOf(value: string | null | undefined): -1 | 0 | 1 {
  const parts = parseDecimal(value);
  if (!parts || /^0*$/.test(parts.int + parts.frac)) return 0;
  return parts.negative ? -1 : 1;
}

/** Mantine colour of a gain: green up, red down, plain at zero or unknown. */
export function gainColor(value: string | null | undefined): string | undefined {
  const sign = signOf(value);
  return sign > 0 ? 'teal.7' : sign < 0 ? 'red.7' : undefined;
}

/** A signed money text: "+$1.00" for gains so that the sign never relies on colour alone. */
export function withPlus(text: string, value: string | null | undefined): string {
  return signOf(value) > 0 ? `+${text}` : text;
}
