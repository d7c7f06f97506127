import DecimalJs from 'decimal.js';

/** The reports' own decimal.js clone (settings of other packages cannot change it). */
export const Dec = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -60,
  toExpPos: 60,
});
export type Dec = InstanceType<typeof Dec>;

/**
 * Rounding rule of every report (documented in README.md "Rounding"): the engine's amounts are
 * exact decimal strings; a report rounds each amount it prints to cents, half away from zero
 * (decimal.js ROUND_HALF_UP), and every total is the sum of the rounded amounts above it. So a
 * PDF page, the CSV and the printed totals agree to the cent; they may differ from the engine's
 * exact year totals by at most half a cent per line.
 */
export const ZERO = new Dec(0);

export function toCents(value: string | Dec): Dec {
  return new Dec(value).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
}

/** Sum of decimal strings or values, exact. */
export function sum(values: ReadonlyArray<string | Dec>): Dec {
  return values.reduce<Dec>((total, v) => total.plus(v), ZERO);
}

/** "1234.50", "-17000.00": the CSV form of a cent amount. */
export function plain(value: string | Dec): string {
  const d = new Dec(value);
  return (d.isZero() ? ZERO : d).toFixed(2);
}

/** "1,234.50" and losses in parentheses "(17,000.00)", as on IRS forms. */
export function formMoney(value: string | Dec): string {
  const d = new Dec(value);
  const text = d
    .abs()
    .toFixed(2)
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return d.isNegative() && !d.isZero() ? `(${text})` : text;
}

/** "2024-06-01" → "06/01/2024"; "VARIOUS" (and anything else) unchanged. */
export function usDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : day;
}

/**
 * Splits `total` cents over `weights` (all ≥ 0) by largest remainder: each share is floored to
 * cents, the cents left go to the largest fractions (first wins a tie). The shares add up to
 * `total` exactly and none is negative when `total` ≥ 0.
 */
export function splitCents(total: Dec, weights: readonly Dec[]): Dec[] {
  const weightSum = sum(weights);
  const totalCents = total.times(100);
  if (weights.length === 0) return [];
  if (weightSum.isZero()) return weights.map((_, i) => (i === weights.length - 1 ? total : ZERO));
  const exact = weights.map((w) => totalCents.times(w).div(weightSum));
  const floors = exact.map((e) => e.floor());
  let left = totalCents.minus(sum(floors)).toNumber();
  const order = exact
    .map((e, i) => ({ i, frac: e.minus(floors[i]!) }))
    .sort((a, b) => b.frac.comparedTo(a.frac) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i]!.plus(1);
    left -= 1;
  }
  return floors.map((f) => f.div(100));
}
