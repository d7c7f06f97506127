import { Dec } from '../money.ts';

/** Units agree when they differ by at most this (README "Broker forms": 8 decimal places). */
export const UNITS_TOLERANCE = new Dec('0.00000001');

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A unit amount read once for the matching: its double (a quick test that never decides) and,
 * for a plain decimal text of at most 40 characters (well within the reports' 40 digits, so
 * decimal.js would neither round it nor a difference or a sum of one), its exact value as an
 * integer and a scale (digits after the point). Anything else is left to decimal.js.
 */
export interface Units {
  text: string;
  double: number;
  /** null: not plain, or too long (decimal.js decides). */
  scaled: bigint | null;
  scale: number;
}

export function unitsOf(text: string): Units {
  const m = text.length > 40 ? null : PLAIN.exec(text);
  if (!m) return { text, double: Number(text), scaled: null, scale: 0 };
  const frac = m[3] ?? '';
  const digits = BigInt(m[2]! + frac);
  return { text, double: Number(text), scaled: m[1] === '-' ? -digits : digits, scale: frac.length };
}

const TEN = 10n;
const up = (u: Units, scale: number) => u.scaled! * TEN ** BigInt(scale - u.scale);

/**
 * False only when two unit amounts are certainly further apart than UNITS_TOLERANCE, by their
 * nearest doubles: a quick test before the exact one, as a busy day can hold thousands of one
 * asset's sales. Each double is within 2^-53 of its decimal (relative), so two amounts within
 * 1e-8 are never more than 1e-8 + 3e-16·(|a| + |b|) apart as doubles, well under this bound;
 * NaN and infinities (huge amounts) leave it to the exact test. It decides nothing by itself.
 */
export function mayBeClose(a: number, b: number): boolean {
  return !(Math.abs(a - b) > 1e-6 + 1e-9 * Math.max(Math.abs(a), Math.abs(b)));
}

/** |a − b| ≤ UNITS_TOLERANCE, exactly (as decimal.js `a.minus(b).abs().lte(tolerance)`). */
export function unitsClose(a: Units, b: Units): boolean {
  if (a.scaled === null || b.scaled === null) return new Dec(a.text).minus(b.text).abs().lte(UNITS_TOLERANCE);
  const scale = Math.max(a.scale, b.scale, 8);
  const gap = up(a, scale) - up(b, scale);
  return (gap < 0n ? -gap : gap) <= TEN ** BigInt(scale - 8);
}

/** A sale's units `b` equal a line's `a`, exactly (as decimal.js `ZERO.plus(b).eq(a)`). */
export function unitsEqual(a: Units, b: Units): boolean {
  if (a.scaled === null || b.scaled === null) return new Dec(0).plus(b.text).eq(a.text);
  const scale = Math.max(a.scale, b.scale);
  return up(a, scale) === up(b, scale);
}
