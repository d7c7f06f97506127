import { manualEntryBody } from '@lotwise/contracts/imports/manual-entry';
import type { TransactionKind } from '@lotwise/contracts/normalised';
import type { ManualEntryInput } from '../api/save-manual-entry';

export const KIND_OPTIONS: { value: TransactionKind; label: string }[] = [
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
  { value: 'trade', label: 'Trade' },
  { value: 'deposit', label: 'Deposit' },
  { value: 'withdrawal', label: 'Withdrawal' },
  { value: 'income', label: 'Income' },
  { value: 'spend', label: 'Spend' },
  { value: 'fee', label: 'Fee' },
];

const SENT: readonly TransactionKind[] = ['sell', 'trade', 'withdrawal', 'spend', 'fee'];
const RECEIVED: readonly TransactionKind[] = ['buy', 'trade', 'deposit', 'income'];

/** Which sides a kind has: sent (from), received (to). */
export function kindSides(kind: TransactionKind): { sent: boolean; received: boolean } {
  return { sent: SENT.includes(kind), received: RECEIVED.includes(kind) };
}

export interface ManualEntryDraft {
  date: string;
  type: TransactionKind;
  from_currency: string;
  from_amount: string;
  to_currency: string;
  to_amount: string;
  fee_currency: string;
  fee_amount: string;
  fiat_currency: string;
  fiat_value: string;
  label: string;
  comment: string;
}

export const EMPTY_DRAFT: ManualEntryDraft = {
  date: '',
  type: 'buy',
  from_currency: '',
  from_amount: '',
  to_currency: '',
  to_amount: '',
  fee_currency: '',
  fee_amount: '',
  fiat_currency: 'USD',
  fiat_value: '',
  label: '',
  comment: '',
};

/** 'YYYY-MM-DDTHH:mm' from a datetime-local input (the user's time) → ISO 8601 in UTC. */
export function localDateTimeToIso(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

const FIELD_LABELS: Partial<Record<keyof ManualEntryDraft, string>> = {
  date: 'Date',
  from_currency: 'Sent currency',
  from_amount: 'Sent amount',
  to_currency: 'Received currency',
  to_amount: 'Received amount',
  fee_currency: 'Fee currency',
  fee_amount: 'Fee amount',
  fiat_currency: 'Value currency',
  fiat_value: 'Value',
  comment: 'Comment',
};

export type DraftErrors = Partial<Record<keyof ManualEntryDraft, string>>;

/**
 * Builds the request body from the draft (only the sides the kind has, blanks left out) and
 * checks it with the contract's own rules; errors come back per field.
 */
export function buildManualEntry(
  draft: ManualEntryDraft,
): { ok: true; body: ManualEntryInput } | { ok: false; errors: DraftErrors } {
  const sides = kindSides(draft.type);
  const pick = (key: keyof ManualEntryDraft, include = true) => {
    const value = draft[key].trim();
    return include && value ? { [key]: value } : {};
  };
  const candidate = {
    date: localDateTimeToIso(draft.date),
    type: draft.type,
    ...pick('from_currency', sides.sent),
    ...pick('from_amount', sides.sent),
    ...pick('to_currency', sides.received),
    ...pick('to_amount', sides.received),
    ...pick('fee_currency'),
    ...pick('fee_amount'),
    ...(draft.fiat_value.trim() ? { ...pick('fiat_currency'), ...pick('fiat_value') } : {}),
    ...pick('label'),
    ...pick('comment'),
  };
  const parsed = manualEntryBody.safeParse(candidate);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof ManualEntryDraft | undefined;
    if (!key || errors[key]) continue;
    const label = FIELD_LABELS[key] ?? key;
    errors[key] = key === 'date' && !draft.date ? 'Date is required' : `${label} ${issue.message}`;
  }
  return { ok: false, errors };
}
