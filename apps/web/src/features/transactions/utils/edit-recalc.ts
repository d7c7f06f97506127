import { Decimal } from '@lotwise/contracts/transactions/edit/decimal';

/** Decimal rounding of the revamped editor (spec 02 §9: 8 places). */
export const EDIT_DECIMALS = 8;

/** The three linked fields of the priced side: amount × per-token price = total value. */
export interface PriceTriple {
  amount: string;
  price: string;
  total: string;
}
export type TripleField = keyof PriceTriple;

function parse(text: string): Decimal | null {
  const t = text.trim();
  if (!/^(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  return new Decimal(t);
}

/** Rounded to 8 places, trailing zeros removed ('1.50000000' → '1.5'). */
export function round8(value: Decimal): string {
  return value.toDecimalPlaces(EDIT_DECIMALS, Decimal.ROUND_HALF_UP).toFixed();
}

/**
 * After one of the three fields changed: amount or price edited → total = amount × price;
 * total edited → price = total ÷ amount (left alone while the amount is 0 or empty).
 * Incomplete input leaves the other fields as they are.
 */
export function recalc(values: PriceTriple, changed: TripleField): PriceTriple {
  const amount = parse(values.amount);
  const price = parse(values.price);
  const total = parse(values.total);
  if (changed === 'total') {
    if (total === null || amount === null || amount.isZero()) return values;
    return { ...values, price: round8(total.div(amount)) };
  }
  if (amount === null || price === null) return values;
  return { ...values, total: round8(amount.mul(price)) };
}

/** Editing the per-token price or the total makes the price the user's own. */
export function marksManual(changed: TripleField): boolean {
  return changed === 'price' || changed === 'total';
}

/** total ÷ amount to 8 places, or '' (the trade's read-only to-side price and USD equivalent). */
export function unitPrice(total: string, amount: string): string {
  const t = parse(total);
  const a = parse(amount);
  if (t === null || a === null || a.isZero()) return '';
  return round8(t.div(a));
}

/** amount × price to 8 places, or '' when either is not a number. */
export function times(amount: string, price: string): string {
  const a = parse(amount);
  const p = parse(price);
  return a === null || p === null ? '' : round8(a.mul(p));
}
