import type { AssetAmount, NormalisedTransaction, TransactionKind } from '@lotwise/contracts/normalised';
import { isFiat } from './assets.ts';
import { abs, type Decimal } from './decimal.ts';

/** Builders that keep every record in the same shape (all optional keys present, null if unknown). */
export interface TxInput {
  timestamp: string;
  kind: TransactionKind;
  lines: number[];
  subtype?: string | null;
  sent?: AssetAmount | null;
  received?: AssetAmount | null;
  fee?: AssetAmount | null;
  fiat_value?: { currency: string; amount: string } | null;
  external_id?: string | null;
  tx_hash?: string | null;
  from_address?: string | null;
  to_address?: string | null;
  note?: string | null;
  label?: string | null;
  /** "chain:contract" of the token leg, when the file names it. */
  token_contract?: string | null;
}

export function tx(input: TxInput): NormalisedTransaction {
  return txWith(input, input.kind, input.subtype ?? null, input.fiat_value ?? null);
}

/** `tx` with kind, subtype and fiat value given apart (saves callers an object spread per row). */
export function txWith(
  input: Omit<TxInput, 'kind'>,
  kind: TransactionKind,
  subtype: string | null,
  fiatValue: { currency: string; amount: string } | null,
): NormalisedTransaction {
  const lines = input.lines;
  const out: NormalisedTransaction = {
    timestamp: input.timestamp,
    kind,
    subtype,
    sent: input.sent ?? null,
    received: input.received ?? null,
    fee: input.fee ?? null,
    fiat_value: fiatValue,
    external_id: input.external_id ?? null,
    tx_hash: input.tx_hash ?? null,
    from_address: input.from_address ?? null,
    to_address: input.to_address ?? null,
    note: input.note ?? null,
    label: input.label ?? null,
    source_lines: lines.length === 1 ? [lines[0] as number] : [...lines].sort((a, b) => a - b),
  };
  // Only token transfers carry it; every other record keeps its shape.
  if (input.token_contract) out.token_contract = input.token_contract;
  return out;
}

/**
 * An asset or currency code as stored: trimmed, upper case, and one string per code. A file
 * names a few dozen codes a million times; sharing them keeps that many copies off the heap.
 */
const codes = new Map<string, string>();
export function assetCode(raw: string): string {
  // Longer cells may be slices of the whole file's text: not kept, or the file would be too.
  if (raw.length > 12) return raw.trim().toUpperCase();
  let found = codes.get(raw);
  if (found === undefined) {
    found = raw.trim().toUpperCase();
    if (codes.size >= 50_000) codes.clear(); // bounded: a file of unique token names is rare
    codes.set(raw, found);
  }
  return found;
}

/** Asset amount with the absolute value (direction is carried by sent/received). */
export function money(asset: string, amount: Decimal): AssetAmount {
  return { asset: assetCode(asset), amount: abs(amount) };
}

/** Fee, or null when absent or zero. */
export function feeOf(asset: string | null, amount: Decimal | null): AssetAmount | null {
  if (!asset || amount === null || amount.isZero()) return null;
  return money(asset, amount);
}

export function fiat(currency: string, amount: Decimal | null): { currency: string; amount: string } | null {
  return amount === null ? null : { currency: assetCode(currency), amount: abs(amount) };
}

/** buy (fiat → crypto), sell (crypto → fiat) or trade (anything else). */
export function exchangeKind(sent: AssetAmount, received: AssetAmount): TransactionKind {
  const s = isFiat(sent.asset);
  const r = isFiat(received.asset);
  if (s && !r) return 'buy';
  if (!s && r) return 'sell';
  return 'trade';
}

/** For a buy/sell, the fiat leg (excluding fee) is the fiat value (§2 fiat_value rule b). */
export function impliedFiat(
  kind: TransactionKind,
  sent: AssetAmount | null,
  received: AssetAmount | null,
): { currency: string; amount: string } | null {
  if (kind === 'buy' && sent) return { currency: sent.asset, amount: sent.amount };
  if (kind === 'sell' && received) return { currency: received.asset, amount: received.amount };
  return null;
}

/** A two-legged exchange record with kind and implied fiat value filled in. */
export function exchange(
  input: Omit<TxInput, 'kind' | 'sent' | 'received'> & { sent: AssetAmount; received: AssetAmount },
): NormalisedTransaction {
  const kind = exchangeKind(input.sent, input.received);
  return tx({
    ...input,
    kind,
    fiat_value: input.fiat_value ?? impliedFiat(kind, input.sent, input.received),
  });
}
