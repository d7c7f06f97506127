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

const DECIMAL_PATTERN = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** Parses a decimal string; returns null for anything that is not a finite decimal number. */
export function parseDecimal(value: unknown): Dec | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? new Dec(value) : null;
  }
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!DECIMAL_PATTERN.test(trimmed)) return null;
  return new Dec(trimmed);
}

/** True for a finite decimal number written as text (sign, digits, point, exponent). */
export function isDecimalText(text: string): boolean {
  return DECIMAL_PATTERN.test(text);
}

const ZERO_TEXT = /^[-+]?0*\.?0*([eE][-+]?\d+)?$/;

/** True for decimal text whose value is zero ("0", "0.000", "-0e5"). */
export function isZeroText(text: string): boolean {
  return ZERO_TEXT.test(text);
}

/**
 * A decimal kept as text until first read. Rows are validated up front but parsed only when
 * processed, so the Decimals die young (a 1M-row run would otherwise hold them all at once).
 */
export class LazyDecimal {
  private parsed: Dec | null = null;
  constructor(private readonly text: string) {}
  get value(): Dec {
    if (this.parsed === null) this.parsed = new Dec(this.text);
    return this.parsed;
  }
}

/** Plain decimal notation, no exponent, no trailing zeros ("0" for zero, never "-0"). */
export function decString(value: Dec): string {
  if (value.isZero()) return '0';
  return value.toFixed();
}

export function decMin(a: Dec, b: Dec): Dec {
  return a.lte(b) ? a : b;
}

/**
 * Places kept when a division splits money (a lot's basis between the part sold and the part
 * kept, proceeds between terms, a value derived from a unit price). The remainder always takes
 * the difference, so totals stay exact; 12 places keep numbers short and therefore fast.
 */
export const MONEY_PLACES = 12;
/** Same for quantities split by a ratio (a rebrand at a ratio): 18 places, the finest tokens use. */
export const QTY_PLACES = 18;

/** total × part / whole, rounded to MONEY_PLACES. */
export function moneyShare(total: Dec, part: Dec, whole: Dec): Dec {
  return total.times(part).div(whole).toDecimalPlaces(MONEY_PLACES, Dec.ROUND_HALF_EVEN);
}

export function roundMoney(value: Dec): Dec {
  return value.toDecimalPlaces(MONEY_PLACES, Dec.ROUND_HALF_EVEN);
}
