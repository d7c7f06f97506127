import DecimalJs from 'decimal.js';

/**
 * The engine's own Decimal constructor. A clone, so other packages changing the global
 * decimal.js settings cannot change our results. 40 significant digits is far beyond any
 * amount or price we meet; only divisions (splitting a lot's basis, pricing a fee) round.
 */
export const Dec = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_EVEN,
  toExpNeg: -60,
  toExpPos: 60,
});
export type Dec = InstanceType<typeof Dec>;

export const ZERO = new Dec(0);
export const ONE = new Dec(1);

/** scanDecimal flags: the text is a valid decimal; its value is zero; it is negative. */
export const DECIMAL_VALID = 1;
export const DECIMAL_ZERO = 2;
export const DECIMAL_NEGATIVE = 4;

/**
 * Checks decimal text (optional sign, digits with an optional point, optional exponent: what
 * /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/ accepts) in one pass, without a regex.
 * Returns 0 when it is not one, else DECIMAL_VALID with DECIMAL_ZERO / DECIMAL_NEGATIVE.
 */
export function scanDecimal(text: string): number {
  const length = text.length;
  let i = 0;
  let flags = DECIMAL_VALID;
  let code = text.charCodeAt(0);
  if (code === 45) {
    flags |= DECIMAL_NEGATIVE;
    i = 1;
  } else if (code === 43) i = 1;
  let digits = 0;
  let nonZero = false;
  for (; i < length; i++) {
    code = text.charCodeAt(i);
    if (code < 48 || code > 57) break;
    digits++;
    if (code !== 48) nonZero = true;
  }
  if (i < length && text.charCodeAt(i) === 46) {
    for (i++; i < length; i++) {
      code = text.charCodeAt(i);
      if (code < 48 || code > 57) break;
      digits++;
      if (code !== 48) nonZero = true;
    }
  }
  if (digits === 0) return 0;
  if (i < length) {
    code = text.charCodeAt(i);
    if (code !== 101 && code !== 69) return 0;
    i++;
    code = text.charCodeAt(i);
    if (code === 45 || code === 43) i++;
    const start = i;
    for (; i < length; i++) {
      code = text.charCodeAt(i);
      if (code < 48 || code > 57) return 0;
    }
    if (i === start) return 0;
  }
  return nonZero ? flags : flags | DECIMAL_ZERO;
}

/** Parses a decimal string; returns null for anything that is not a finite decimal number. */
export function parseDecimal(value: unknown): Dec | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? new Dec(value) : null;
  }
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (scanDecimal(trimmed) === 0) return null;
  return new Dec(trimmed);
}

/** True for a finite decimal number written as text (sign, digits, point, exponent). */
export function isDecimalText(text: string): boolean {
  return scanDecimal(text) !== 0;
}

/** True for decimal text whose value is zero ("0", "0.000", "-0e5"). */
export function isZeroText(text: string): boolean {
  return (scanDecimal(text) & DECIMAL_ZERO) !== 0;
}

/** Plain decimal notation, no exponent, no trailing zeros ("0" for zero, never "-0"). */
export function decString(value: Dec): string {
  if (value.isZero()) return '0';
  return value.toFixed();
}

/**
 * Places kept when a division splits money (a lot's basis between the part sold and the part
 * kept, proceeds between terms, a value derived from a unit price). The remainder always takes
 * the difference, so totals stay exact; 12 places keep numbers short and therefore fast.
 */
export const MONEY_PLACES = 12;

/** total × part / whole, rounded to MONEY_PLACES. */
export function moneyShare(total: Dec, part: Dec, whole: Dec): Dec {
  return total.times(part).div(whole).toDecimalPlaces(MONEY_PLACES, Dec.ROUND_HALF_EVEN);
}
