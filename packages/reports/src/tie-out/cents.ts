import { Dec, toCents } from '../money.ts';

/**
 * Exact cent amounts as bigint, for the tie-out's many lines (a year of 200,000 sales): the
 * same figures as money.ts `toCents` and `plain` (half away from zero, "1234.50", "-17000.00",
 * no "-0.00"), without a decimal.js object per amount. A plain decimal text is rounded by its
 * digits; anything else (an exponent) goes through decimal.js.
 */
const PLAIN = /^(-?)(\d+)(?:\.(\d*))?$/;

/** A decimal text rounded to cents, half away from zero (money.ts `toCents`), in cents. */
export function centsOf(text: string): bigint {
  const m = PLAIN.exec(text);
  if (!m) return BigInt(toCents(text).times(100).toFixed(0));
  const frac = m[3] ?? '';
  let cents = BigInt(m[2]! + (frac.length >= 2 ? frac.slice(0, 2) : frac.padEnd(2, '0')));
  if (frac.length > 2 && frac.charCodeAt(2) >= 53 /* '5' */) cents += 1n;
  return m[1] === '-' ? -cents : cents;
}

/** Cents as money.ts `plain` writes them: "1234.50", "-0.07", "0.00". */
export function centsText(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The sum of cent texts ("12.34", or null for none), exact. */
export function sumCents(values: Iterable<string | null>): bigint {
  let total = 0n;
  for (const v of values) if (v !== null && v !== '') total += centsOf(v);
  return total;
}

/**
 * A plain decimal text ("-001.50") as decimal.js writes its value with `toFixed()` ("-1.5";
 * "-0.0" → "0"), or null for any other text (an exponent, a sign "+", ".5"): the caller then
 * asks decimal.js.
 */
export function plainDecimalText(text: string): string | null {
  const m = PLAIN.exec(text);
  if (!m || m[3] === '') return null;
  const int = m[2]!.replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return m[1] === '-' && body !== '0' ? `-${body}` : body;
}

/**
 * A decimal text as the reports' decimal.js writes a sum of it (`ZERO.plus(text).toFixed()`:
 * "001.50" → "1.5", "-0.0" → "0"), for amounts the tie-out only prints; more than 40
 * characters (the reports' precision is 40 digits) or an exponent go through decimal.js.
 */
export function decimalText(text: string): string {
  const plain = text.length > 40 ? null : plainDecimalText(text);
  return plain ?? new Dec(0).plus(text).toFixed();
}

/** Cents as money.ts `formMoney` writes them, as on IRS forms: "1,234.50", "(17,000.00)". */
export function moneyText(cents: bigint): string {
  const text = centsText(cents < 0n ? -cents : cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return cents < 0n ? `(${text})` : text;
}
