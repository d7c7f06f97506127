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
  // Printable ASCII at both ends: nothing trim() would remove (NBSP and BOM included).
  if (n > LONGEST_PLACEHOLDER && printable(raw.charCodeAt(0)) && printable(raw.charCodeAt(n - 1)))
    return false;
  return PLACEHOLDERS.has(raw.trim());
}

/** Parse a signed amount; returns null for empty/placeholder cells. Throws AmountError. */
export function parseAmount(raw: string, options: AmountOptions = {}): Decimal | null {
  let s = raw.trim();
  if (PLACEHOLDERS.has(s)) return null;
  // Fast path: a plain unsigned number needs none of the rewriting below.
  if (!options.decimalComma && NUMBER.test(s)) return new Decimal(s);
  let negative = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = negative !== s.startsWith('-');
    s = s.slice(1).trim();
  }
  s = s.replace(CURRENCY_SYMBOLS, '').trim();
  // A sign may also follow the symbol (`€-5.00`).
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1).trim();
  }
  if (options.decimalComma) s = s.replace(/\./g, '').replace(',', '.');
  else if (options.grouping !== false) s = removeGrouping(s);
  if (!NUMBER.test(s)) throw new AmountError(`"${raw.trim()}" is not a number`);
  const value = new Decimal(s);
  return negative ? value.negated() : value;
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
