import type { AssetAmount, NormalisedTransaction, TransactionKind } from '@lotwise/contracts/normalised';
import type { Decimal } from './decimal.ts';
import { assetCode, exchangeKind, impliedFiat, money, type TxInput, txWith } from './records.ts';
import type { Row } from './row.ts';

/**
 * Helpers for the "sent / received / fee" template formats (Koinly, CoinTracker, CoinLedger,
 * CoinTracking): read a leg from an amount and a currency column, and build the record whose
 * kind follows from which legs are present.
 */
export function leg(row: Row, amountCol: string, currencyCol: string, nth = 0): AssetAmount | null {
  const plain = row.plainAmount(amountCol, nth);
  if (plain === null) return null;
  if (plain !== undefined) {
    const asset = row.opt(currencyCol, nth);
    if (asset === null) throw row.problem(currencyCol, `currency is missing for amount ${plain}`);
    return { asset: assetCode(asset), amount: plain };
  }
  // Sent and Received are separate columns: a sign in one of them is refused, not dropped.
  const amount: Decimal | null = row.unsignedAmount(amountCol, nth);
  const asset = row.opt(currencyCol, nth);
  if (amount === null) return null;
  if (asset === null) throw row.problem(currencyCol, `currency is missing for amount ${amount.toFixed()}`);
  return money(asset, amount);
}

export type LegTags = Record<string, { kind: TransactionKind; subtype: string | null }>;

export interface LegsInput extends Omit<TxInput, 'kind'> {
  tag?: string | null;
}

/**
 * Kind from the shape: both legs = buy/sell/trade; received only = deposit (or income by tag);
 * sent only = withdrawal (or spend by tag); fee only = fee.
 */
export function fromLegs(
  row: Row,
  input: LegsInput,
  incomeTags: LegTags,
  spendTags: LegTags,
): NormalisedTransaction {
  const key = (input.tag ?? '').trim().toLowerCase();
  const { sent, received } = input;
  if (sent && received) {
    const kind = exchangeKind(sent, received);
    const subtype = input.subtype !== undefined ? input.subtype : key || null;
    return txWith(input, kind, subtype ?? null, input.fiat_value ?? impliedFiat(kind, sent, received));
  }
  if (received) {
    const mapped = incomeTags[key];
    return txWith(
      input,
      mapped?.kind ?? 'deposit',
      input.subtype ?? mapped?.subtype ?? null,
      input.fiat_value ?? null,
    );
  }
  if (sent) {
    const mapped = spendTags[key];
    return txWith(
      input,
      mapped?.kind ?? 'withdrawal',
      input.subtype ?? mapped?.subtype ?? null,
      input.fiat_value ?? null,
    );
  }
  if (input.fee) return txWith(input, 'fee', input.subtype ?? null, input.fiat_value ?? null);
  throw row.problem(null, 'row has no sent, received or fee amount');
}
