import { DATE_RANGE_TEXT, isTransactionTime } from '../date-range.ts';
import { isFiatCode } from '../fiat.ts';

/**
 * The edit dialog's rules (spec 02 §4 Edit dialog, §5 Edit form), shared by the web form
 * (inline messages, which sections show) and the server (which refuses the same things).
 */

export const EDIT_MESSAGES = {
  dateRequired: 'Date is required',
  dateFormat: 'Date must be a UTC date as MM/dd/yyyy HH:mm',
  dateStep: 'Date must be in 15-minute steps',
  dateRange: `Date must be ${DATE_RANGE_TEXT}`,
  outCurrency: 'Out currency is required',
  inCurrency: 'In currency is required',
  feeCurrency: 'Fee currency is required when the fee amount is not 0',
  usBased: 'Please choose whether this transaction is US based',
  comment: 'Comment must be at most 1000 characters',
} as const;

export const COMMENT_MAX = 1000;
export const DATE_STEP_MINUTES = 15;

/** 'X must be a number of 0 or more' for an amount or price field. */
export const amountMessage = (label: string) => `${label} must be a number of 0 or more`;

export interface SectionRow {
  /** buy, sell, trade or transfer (for the legacy editor: the type chosen in the form). */
  type: string;
  user_defined_type: string | null;
  from_currency: string | null;
  to_currency: string | null;
}

/** A plain buy or sell (no user type yet counts as the default Business Or Investment). */
function isBusiness(udt: string | null): boolean {
  return udt === null || udt === '' || udt === 'business_or_investment';
}

const other = (code: string | null, reporting: string) =>
  code !== null && code.trim() !== '' && code.trim().toUpperCase() !== reporting.toUpperCase();

/** Which sides the dialog shows: Out (what was sent) and In (what was received). */
export function editSections(row: SectionRow, reporting: string): { out: boolean; in: boolean } {
  const business = isBusiness(row.user_defined_type);
  switch (row.type) {
    case 'trade':
      return { out: true, in: true };
    case 'buy':
      return { out: business && other(row.from_currency, reporting), in: true };
    case 'sell':
      return { out: true, in: business && other(row.to_currency, reporting) };
    default:
      return { out: row.from_currency !== null, in: row.to_currency !== null };
  }
}

export { isFiatCode };

/** The legacy editor's Type (Buy / Sell / Transfer) of a list row: external and self transfers are Transfer. */
export function legacyTypeOf(row: { type: string; user_defined_type: string | null }): string {
  if (row.type === 'transfer' || row.user_defined_type === 'external_transfer') return 'transfer';
  return row.type;
}

/** A decimal number written plainly (no sign, no exponent): '12', '0.5', '.5', '3.'. */
const PLAIN = /^(\d+\.?\d*|\.\d+)$/;

/** Empty counts as "not given"; anything else must be a plain number ≥ 0 (any decimals). */
export function isAmountText(value: string | null | undefined): boolean {
  if (value === null || value === undefined || value.trim() === '') return true;
  return PLAIN.test(value.trim());
}

export function isZeroOrEmpty(value: string | null | undefined): boolean {
  if (value === null || value === undefined || value.trim() === '') return true;
  return PLAIN.test(value.trim()) && !/[1-9]/.test(value);
}

const DISPLAY_DATE = /^(\d{2})\/(\d{2})\/(\d{4}),?\s+(\d{2}):(\d{2})$/;

/** UTC instant (ms) of 'MM/dd/yyyy HH:mm' or an ISO timestamp; null when not a real date. */
export function parseEditDate(value: string): number | null {
  const m = DISPLAY_DATE.exec(value.trim());
  if (m) {
    const [mo, d, y, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
    // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999 (0001 became 1901).
    const date = new Date(0);
    date.setUTCFullYear(y, mo - 1, d);
    date.setUTCHours(h, mi, 0, 0);
    const ms = date.getTime();
    const back = new Date(ms);
    if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
    return ms;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value.trim())) return null;
  const ms = Date.parse(value.trim());
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Whether the form's date (minute precision) is the stored timestamp as the form shows it:
 * an imported 15:02:37 is "15:02" in the form and must stay 15:02:37, not fail the
 * 15-minute step (the picker's step for a date the user changes, issue 22).
 */
export function isStoredMinute(ms: number, stored: string | null): boolean {
  if (stored === null) return false;
  const storedMs = Date.parse(stored);
  return !Number.isNaN(storedMs) && Math.floor(storedMs / 60_000) * 60_000 === ms;
}

/** Stored timestamp text: ISO in UTC without milliseconds, as manual entries are stored. */
export function isoOf(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface EditValues {
  date?: string | null | undefined;
  from_currency?: string | null | undefined;
  from_amount?: string | null | undefined;
  from_per_token_price?: string | null | undefined;
  to_currency?: string | null | undefined;
  to_amount?: string | null | undefined;
  to_per_token_price?: string | null | undefined;
  fee?: string | null | undefined;
  fee_currency?: string | null | undefined;
  total_value?: string | null | undefined;
  us_based?: boolean | null | undefined;
  comment?: string | null | undefined;
}

export interface EditIssue {
  field: keyof EditValues;
  message: string;
}

export interface EditRuleContext {
  sections: { out: boolean; in: boolean };
  /** The row's stored timestamp: an unchanged date may keep its off-step minutes. */
  storedDate: string | null;
}

const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';

/** Every problem with the form, in field order (the server joins the messages with '. '). */
export function validateEdit(values: EditValues, ctx: EditRuleContext): EditIssue[] {
  const issues: EditIssue[] = [];
  const add = (field: keyof EditValues, message: string) => issues.push({ field, message });
  if (blank(values.date)) add('date', EDIT_MESSAGES.dateRequired);
  else {
    const ms = parseEditDate(values.date as string);
    if (ms === null) add('date', EDIT_MESSAGES.dateFormat);
    // A date the user changed must be a real transaction date; an unchanged one is kept as stored.
    else if (!isStoredMinute(ms, ctx.storedDate) && !isTransactionTime(ms))
      add('date', EDIT_MESSAGES.dateRange);
    else if (!isStoredMinute(ms, ctx.storedDate) && ms % (DATE_STEP_MINUTES * 60_000) !== 0) {
      add('date', EDIT_MESSAGES.dateStep);
    }
  }
  const amounts: [keyof EditValues, string, boolean][] = [
    ['from_amount', 'Out amount', ctx.sections.out],
    ['from_per_token_price', 'Out per-token price', ctx.sections.out],
    ['to_amount', 'In amount', ctx.sections.in],
    ['to_per_token_price', 'In per-token price', ctx.sections.in],
    ['total_value', 'Total value', true],
    ['fee', 'Fee amount', true],
  ];
  if (ctx.sections.out && blank(values.from_currency)) add('from_currency', EDIT_MESSAGES.outCurrency);
  if (ctx.sections.in && blank(values.to_currency)) add('to_currency', EDIT_MESSAGES.inCurrency);
  for (const [field, label, shown] of amounts) {
    if (shown && !isAmountText(values[field] as string | null | undefined)) add(field, amountMessage(label));
  }
  if (isAmountText(values.fee) && !isZeroOrEmpty(values.fee) && blank(values.fee_currency))
    add('fee_currency', EDIT_MESSAGES.feeCurrency);
  if (values.us_based === null || values.us_based === undefined) add('us_based', EDIT_MESSAGES.usBased);
  if ((values.comment ?? '').length > COMMENT_MAX) add('comment', EDIT_MESSAGES.comment);
  return issues;
}
