import type { UpdateTransactionBody } from '@lotwise/contracts/transactions/edit/update';
import {
  type EditIssue,
  editSections,
  isFiatCode,
  legacyTypeOf,
  validateEdit,
} from '@lotwise/contracts/transactions/edit/update-rules';
import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { times, unitPrice } from './edit-recalc';

/** The legacy editor may change the type; the revamped one (posting to /updatev5) may not. */
export type EditorKind = 'legacy' | 'revamp';

export interface EditFormValues {
  type: string;
  /** MM/dd/yyyy and HH:mm, both UTC. */
  date: string;
  time: string;
  from_currency: string;
  from_amount: string;
  from_per_token_price: string;
  to_currency: string;
  to_amount: string;
  to_per_token_price: string;
  total_value: string;
  fee: string;
  fee_currency: string;
  fee_per_token_price: string;
  us_based: boolean | null;
  ignore: boolean;
  comment: string;
  manual_per_token_price: boolean;
}

const INCOMING = ['buy', 'deposit', 'income'];
const pad = (n: number) => String(n).padStart(2, '0');

/** 'MM/dd/yyyy' and 'HH:mm' of an ISO instant, in UTC. */
export function utcDateTime(iso: string): { date: string; time: string } {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { date: '', time: '' };
  return {
    date: `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  };
}

/** The time choices: every 15 minutes of the day, plus the row's own time if it is off-step. */
export function timeOptions(current: string): string[] {
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += 15) out.push(`${pad(Math.floor(m / 60))}:${pad(m % 60)}`);
  if (current !== '' && !out.includes(current)) out.push(current);
  return out.sort();
}

/** Which side the total value belongs to: the asset bought in a buy, else the one sent. */
export function valuedSide(type: string, sections: { out: boolean; in: boolean }): 'from' | 'to' {
  return type === 'buy' && sections.in ? 'to' : sections.out ? 'from' : 'to';
}

export function initialValues(row: TransactionRow, editor: EditorKind): EditFormValues {
  const { date, time } = utcDateTime(row.date);
  const type = editor === 'legacy' ? legacyTypeOf(row) : row.type;
  const values: EditFormValues = {
    type,
    date,
    time,
    from_currency: row.from_currency ?? '',
    from_amount: row.from_amount ?? '',
    from_per_token_price: row.from_per_token_price ?? '',
    to_currency: row.to_currency ?? '',
    to_amount: row.to_amount ?? '',
    to_per_token_price: row.to_per_token_price ?? '',
    total_value: '',
    fee: row.fee ?? '0',
    fee_currency: row.fee_currency_code ?? '',
    fee_per_token_price: row.fee_per_token_price ?? '',
    us_based: row.us_based,
    ignore: row.ignored,
    comment: row.comment ?? '',
    manual_per_token_price: row.manual_per_token_price,
  };
  const side = valuedSide(type, sectionsOf(values, row));
  const priced = side === 'from' ? values.from_per_token_price : values.to_per_token_price;
  const amount = side === 'from' ? values.from_amount : values.to_amount;
  values.total_value = priced !== '' ? times(amount, priced) : (row.total ?? '');
  return values;
}

/** Turning a buy into a sell (or back) in the legacy editor swaps the sides, as the server does. */
export function changeType(values: EditFormValues, row: TransactionRow, type: string): EditFormValues {
  const incoming = INCOMING.includes(row.default_type);
  const was = values.type === 'transfer' ? incoming : values.type === 'buy';
  const wants = type === 'transfer' ? incoming : type === 'buy';
  if (row.default_type === 'trade' || was === wants) return { ...values, type };
  return {
    ...values,
    type,
    from_currency: values.to_currency,
    from_amount: values.to_amount,
    from_per_token_price: values.to_per_token_price,
    to_currency: values.from_currency,
    to_amount: values.from_amount,
    to_per_token_price: values.from_per_token_price,
  };
}

/** Out / In sections (spec 02 §4); a cleared currency falls back to the row's, as on the server. */
export function sectionsOf(values: EditFormValues, row: TransactionRow) {
  const reporting = row.main_currency;
  const udt = values.type === 'transfer' ? 'external_transfer' : row.user_defined_type;
  const sectionType = values.type === 'transfer' ? 'transfer' : values.type;
  return editSections(
    {
      type: sectionType,
      user_defined_type: udt,
      from_currency: values.from_currency.trim() || (sectionType === 'transfer' ? null : row.from_currency),
      to_currency: values.to_currency.trim() || (sectionType === 'transfer' ? null : row.to_currency),
    },
    reporting,
  );
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Which fields are disabled (spec 02 §4–§5) for one side of the form. */
export function sideRules(values: EditFormValues, row: TransactionRow, side: 'from' | 'to') {
  const currency = side === 'from' ? values.from_currency : values.to_currency;
  const fiat = isFiatCode(currency.trim());
  const sections = sectionsOf(values, row);
  return {
    /** The reporting currency itself is fixed. */
    currencyDisabled: currency !== '' && same(currency, row.main_currency),
    /** A fiat leg's price is its exchange rate, not the user's; a trade's to-side price follows from the total. */
    priceDisabled: fiat || (side === 'to' && values.type === 'trade'),
    /** A fiat currency disables the total value. */
    totalDisabled: fiat,
    valued: valuedSide(values.type, sections) === side,
  };
}

/** The USD-equivalent (reporting currency) field shows only for trades. */
export const showsEquivalent = (values: EditFormValues) => values.type === 'trade';

/** The shared §5 rules over the form: every problem, keyed by payload field. */
export function formIssues(values: EditFormValues, row: TransactionRow): EditIssue[] {
  return validateEdit(
    {
      ...values,
      date: values.date.trim() === '' ? '' : `${values.date} ${values.time}`.trim(),
    },
    { sections: sectionsOf(values, row), storedDate: row.date },
  );
}

export function toPayload(
  values: EditFormValues,
  row: TransactionRow,
  editor: EditorKind,
): UpdateTransactionBody {
  return {
    id: row.id,
    ...(editor === 'legacy' && (values.type === 'buy' || values.type === 'sell' || values.type === 'transfer')
      ? { type: values.type }
      : {}),
    date: `${values.date} ${values.time}`,
    from_currency: values.from_currency.trim(),
    from_amount: values.from_amount.trim(),
    from_per_token_price: values.from_per_token_price.trim(),
    to_currency: values.to_currency.trim(),
    to_amount: values.to_amount.trim(),
    to_per_token_price: values.to_per_token_price.trim(),
    total_value: values.total_value.trim(),
    main_currency_per_price: showsEquivalent(values) ? unitPrice(values.total_value, values.to_amount) : '',
    fee: values.fee.trim() === '' ? '0' : values.fee.trim(),
    fee_currency: values.fee_currency.trim(),
    fee_per_token_price: values.fee_per_token_price,
    fee_value: times(values.fee, values.fee_per_token_price),
    us_based: values.us_based,
    comment: values.comment,
    ignore: values.ignore,
    exchange_or_wallet: row.exchange,
    source_id: row.source_id,
    manual_per_token_price: values.manual_per_token_price,
  };
}
