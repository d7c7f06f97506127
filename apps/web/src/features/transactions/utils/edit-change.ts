import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import type { EditFormValues, EditorKind } from './edit-form';
import { sideRules } from './edit-form';
import { marksManual, type PriceTriple, recalc, type TripleField } from './edit-recalc';

export type PricedField = 'amount' | 'price' | 'total';

const KEYS = {
  from: { amount: 'from_amount', price: 'from_per_token_price' },
  to: { amount: 'to_amount', price: 'to_per_token_price' },
} as const;

/**
 * One edit of an amount, per-token price or total on a side. In the revamped editor the
 * priced side's three fields follow each other (amount × price = total, 8 places) and
 * editing the price or the total marks the price manual; the legacy editor only sets the field.
 */
export function changePriced(
  values: EditFormValues,
  row: TransactionRow,
  editor: EditorKind,
  side: 'from' | 'to',
  field: PricedField,
  text: string,
): EditFormValues {
  const keys = KEYS[side];
  const triple: PriceTriple = {
    amount: values[keys.amount],
    price: values[keys.price],
    total: values.total_value,
  };
  const edited = { ...triple, [field]: text };
  const linked = editor === 'revamp' && sideRules(values, row, side).valued;
  const next = linked ? recalc(edited, field as TripleField) : edited;
  const manual = editor === 'revamp' && marksManual(field as TripleField);
  return {
    ...values,
    [keys.amount]: next.amount,
    [keys.price]: next.price,
    total_value: linked || field === 'total' ? next.total : values.total_value,
    manual_per_token_price: values.manual_per_token_price || manual,
  };
}
