import Decimal from 'decimal.js';

/**
 * Amount parsing for the number quirks of §1.2: currency symbols, `,` grouping, accounting
 * parentheses, exponents, trailing dots and placeholders. Amounts never become floats.
 */
export class AmountError extends Error {}

const PLACEHOLDERS = new Set(['', '-', '--', 'No Data', 'N/A', 'n/a', 'null', 'None']);
const CURRENCY_SYMBOLS = /^[$€£¥₩₹₽₺₿]|^(?:US\$|A\$|C\$|CA\$|S\$|CHF\s?)/;
const NUMBER = /^(\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

export interface AmountOptions {
  /** Remove `,` thousands separators (true for `,`-delimited sources that use `.` decimals). */
  grouping?: boolean;
  /** Treat `,` as the decimal separator (semicolon locale exports). */
  decimalComma?: boolean;
}

/** The longest placeholder ("No Data"): longer text without edge spaces is not one. */
const LONGEST_PLACEHOLDER = 7;

const printable = (code: number) => code > 32 && code < 127;

export function isPlaceholder(raw: string): boolean {
  const n = raw.length;
  if (n === 0) return true;
  const first = raw.charCodeAt(0);
  // Printable ASCII at both ends: nothing trim() would remove (NBSP and BOM included), so only
  // the text itself can be a placeholder, and every one is shorter than 8 characters and starts
  // with '-', 'N' or 'n' (no set lookup, and no hash of a new string, for most cells).
  if (printable(first) && printable(raw.charCodeAt(n - 1))) {
    if (n > LONGEST_PLACEHOLDER || (first !== 45 && first !== 78 && first !== 110)) return false;
    return PLACEHOLDERS.has(raw);
  }
  return PLACEHOLDERS.has(raw.trim());
}

/**
 * Bounds on an amount (§1.2, issue 29): no exchange or wallet writes a quantity, price or value
 * beyond them, and the engine's fixed point (36 places) could not hold it exactly anyway.
 * `1e400` or a 41st decimal place is a broken cell, refused with its line and column rather than
 * stored (or crashing the calculation later).
 */
export const AMOUNT_LIMITS = {
  /** Digits before the point: below 10^30 (raw token units of a 10^12-supply token fit). */
  integerDigits: 30,
  /** Digits after the point: 40 (18-decimal tokens, and derived prices with a few more). */
  fractionDigits: 40,
  /** Digits of an exponent (`1e400` has 3; at most 2 are read). */
  exponentDigits: 2,
} as const;

/** Parse a signed amount; returns null for empty/placeholder cells. Throws AmountError. */
export function parseAmount(raw: string, options: AmountOptions = {}): Decimal | null {
  let s = raw.trim();
  if (PLACEHOLDERS.has(s)) return null;
  // Fast path: a plain unsigned number needs none of the rewriting below.
  if (!options.decimalComma && NUMBER.test(s)) return bounded(s, raw);
  let negative = false;
  let signs = 0;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    signs += 1;
    s = s.slice(1, -1).trim();
  }
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = negative !== s.startsWith('-');
    signs += 1;
    s = s.slice(1).trim();
  }
  const unsymbolled = s.replace(CURRENCY_SYMBOLS, '').trim();
  const symbol = unsymbolled !== s;
  s = unsymbolled;
  // A sign may also follow the symbol (`€-5.00`), but only one sign in all: `--1` or `-(5)`
  // is not a number, and reading it as 1 (or 5) would silently change it.
  if (symbol && (s.startsWith('-') || s.startsWith('+'))) {
    negative = negative !== s.startsWith('-');
    signs += 1;
    s = s.slice(1).trim();
  }
  if (signs > 1) throw new AmountError(`"${raw.trim()}" has more than one sign`);
  if (options.decimalComma) {
    if (!/^\d{1,3}(\.\d{3})*(,\d*)?$|^\d*(,\d*)?$/.test(s)) {
      throw new AmountError(`"${raw.trim()}" is not a number`);
    }
    s = s.replace(/\./g, '').replace(',', '.');
  } else if (options.grouping !== false) s = removeGrouping(s);
  if (!NUMBER.test(s)) throw new AmountError(`"${raw.trim()}" is not a number`);
  const value = bounded(s, raw);
  return negative ? value.negated() : value;
}

/** A Decimal of text NUMBER accepts, or an AmountError when it is beyond AMOUNT_LIMITS. */
function bounded(s: string, raw: string): Decimal {
  const e = s.search(/[eE]/);
  if (
    e !== -1 &&
    s
      .slice(e + 1)
      .replace(/^[-+]/, '')
      .replace(/^0+/, '').length > AMOUNT_LIMITS.exponentDigits
  ) {
    throw outOfRange(raw);
  }
  let value: Decimal;
  try {
    value = new Decimal(s);
  } catch {
    throw new AmountError(`"${raw.trim()}" is not a number`);
  }
  if (!value.isFinite()) throw outOfRange(raw);
  if (
    !value.isZero() &&
    (value.e >= AMOUNT_LIMITS.integerDigits || value.decimalPlaces() > AMOUNT_LIMITS.fractionDigits)
  ) {
    throw outOfRange(raw);
  }
  return value;
}

function outOfRange(raw: string): AmountError {
  const shown = raw.trim().length > 40 ? `${raw.trim().slice(0, 37)}...` : raw.trim();
  return new AmountError(
    `"${shown}" is out of range (at most ${AMOUNT_LIMITS.integerDigits} digits before the point and ${AMOUNT_LIMITS.fractionDigits} after it)`,
  );
}

/** Parse an amount that must not carry a sign (a column whose direction is another column's). */
export function parseUnsignedAmount(raw: string, options: AmountOptions = {}): Decimal | null {
  const value = parseAmount(raw, options);
  if (value?.isNegative() && !value.isZero()) {
    throw new AmountError(`"${raw.trim()}" is negative, but this column holds amounts without a sign`);
  }
  return value;
}

function removeGrouping(s: string): string {
  if (!s.includes(',')) return s;
  // Only accept well-formed groups of three so "1,5" is not silently read as 15.
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(s)) return s.replace(/,/g, '');
  return s;
}

/** Canonical decimal string: plain notation, no exponent, no trailing zeros. */
export function dec(value: Decimal): string {
  const s = value.toFixed();
  return s === '-0' ? '0' : s;
}

export function abs(value: Decimal): string {
  return dec(value.abs());
}

export { Decimal };
