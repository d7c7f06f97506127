import type { UpdateTransactionInput } from '@lotwise/contracts/transactions/edit/update';
import {
  editSections,
  isoOf,
  isStoredMinute,
  isZeroOrEmpty,
  legacyTypeOf,
  parseEditDate,
  validateEdit,
} from '@lotwise/contracts/transactions/edit/update-rules';
import Decimal from 'decimal.js';
import type { TransactionRow } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';
import type { RowState } from '../annotations/annotations.repo.ts';
import type { EditFields } from '../annotations/edit-fields.ts';
import { INCOMING_KINDS, rowType } from '../classify.ts';

/** Which editor saved: the legacy one may also change the type (Buy / Sell / Transfer). */
export type Editor = 'legacy' | 'v5';

export interface EditPlan {
  fields: EditFields;
  next: RowState;
}

const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';
/** Exact decimal text ('.5' → '0.5'); empty → the fallback. */
const num = (v: string | null | undefined, fallback: string | null): string | null =>
  blank(v) ? fallback : new Decimal((v as string).trim()).toFixed();
const code = (v: string | null | undefined) => (blank(v) ? null : (v as string).trim().toUpperCase());

interface Sides {
  kind: string;
  sent_asset: string | null;
  sent_amount: string | null;
  received_asset: string | null;
  received_amount: string | null;
  user_defined_type: string | null;
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The legacy type change: Buy / Sell turn the row's direction (its sides swap), Transfer marks it external. */
function retype(row: TransactionRow, type: UpdateTransactionInput['type'], editor: Editor): Sides {
  const sides: Sides = {
    kind: row.kind,
    sent_asset: row.sent_asset,
    sent_amount: str(row.sent_amount),
    received_asset: row.received_asset,
    received_amount: str(row.received_amount),
    user_defined_type: row.user_defined_type,
  };
  const current = legacyTypeOf({
    type: rowType(row.kind, row.user_defined_type),
    user_defined_type: row.user_defined_type,
  });
  if (editor !== 'legacy' || !type || type === current) return sides;
  const incoming = (INCOMING_KINDS as readonly string[]).includes(row.kind);
  // A buy receives, a sell sends: turning one into the other swaps the sides (a trade keeps both).
  const wantIncoming = type === 'transfer' ? incoming : type === 'buy';
  const swap = row.kind !== 'trade' && wantIncoming !== incoming;
  const out: Sides = swap
    ? {
        ...sides,
        sent_asset: sides.received_asset,
        sent_amount: sides.received_amount,
        received_asset: sides.sent_asset,
        received_amount: sides.sent_amount,
      }
    : sides;
  if (type === 'transfer') {
    return { ...out, kind: wantIncoming ? 'deposit' : 'withdrawal', user_defined_type: 'external_transfer' };
  }
  const udt =
    out.user_defined_type === 'external_transfer' ? 'business_or_investment' : out.user_defined_type;
  return { ...out, kind: type, user_defined_type: udt };
}

/** The per-token price of a side: the one typed, else total value ÷ amount (8 places). */
function priceOf(given: string | null | undefined, total: string | null | undefined, amount: string | null) {
  if (!blank(given)) return num(given, null);
  if (blank(total) || amount === null || new Decimal(amount).isZero()) return null;
  return new Decimal((total as string).trim()).div(amount).toDecimalPlaces(8).toFixed();
}

/**
 * Checks the payload (spec 02 §5; every failing message at once) and works out the columns
 * it sets: from_* is the sent side, to_* the received side, prices with the manual flag.
 */
export function planEdit(
  row: TransactionRow,
  body: UpdateTransactionInput,
  editor: Editor,
  reporting: string,
): EditPlan {
  const sides = retype(row, body.type, editor);
  const sections = editSections(
    {
      type: rowType(sides.kind, sides.user_defined_type),
      user_defined_type: sides.user_defined_type,
      from_currency: code(body.from_currency) ?? sides.sent_asset,
      to_currency: code(body.to_currency) ?? sides.received_asset,
    },
    reporting,
  );
  const issues = validateEdit({ ...body }, { sections, storedDate: row.timestamp });
  if (issues.length > 0) {
    const messages = issues.map((i) => i.message);
    throw new AppError('validation_failed', messages.join('. '), { messages, field: issues[0]?.field });
  }
  const fields: EditFields = {
    kind: sides.kind,
    sent_asset: sides.sent_asset,
    sent_amount: sides.sent_amount,
    received_asset: sides.received_asset,
    received_amount: sides.received_amount,
  };
  const ms = parseEditDate(body.date as string) as number;
  // An unchanged date keeps the stored instant, seconds included.
  if (!isStoredMinute(ms, row.timestamp)) fields.timestamp = isoOf(ms);
  let sentAmount = sides.sent_amount;
  let receivedAmount = sides.received_amount;
  if (sections.out) {
    sentAmount = num(body.from_amount, '0');
    fields.sent_asset = code(body.from_currency);
    fields.sent_amount = sentAmount;
  }
  if (sections.in) {
    receivedAmount = num(body.to_amount, '0');
    fields.received_asset = code(body.to_currency);
    fields.received_amount = receivedAmount;
  }
  const feeZero = isZeroOrEmpty(body.fee);
  fields.fee_amount = feeZero ? (row.fee_amount === null ? null : '0') : num(body.fee, '0');
  fields.fee_asset = code(body.fee_currency) ?? (feeZero ? row.fee_asset : null);
  if (body.manual_per_token_price) {
    // The total value belongs to the asset bought in a buy, else to the one sent.
    const type = rowType(sides.kind, sides.user_defined_type);
    const totalOnSent = sections.out && !(type === 'buy' && sections.in);
    fields.manual_price = true;
    fields.sent_price = sections.out
      ? priceOf(body.from_per_token_price, totalOnSent ? body.total_value : null, sentAmount)
      : null;
    fields.received_price = sections.in
      ? priceOf(body.to_per_token_price, totalOnSent ? null : body.total_value, receivedAmount)
      : null;
    fields.fee_price = num(body.fee_per_token_price, null);
  } else if (body.manual_per_token_price === false) {
    fields.manual_price = false;
  }
  fields.us_based = body.us_based ?? null;
  fields.comment = blank(body.comment) ? null : (body.comment as string);
  const ignored = body.ignore ?? Boolean(row.ignored);
  return { fields, next: { user_defined_type: sides.user_defined_type, ignored } };
}
