import Decimal from 'decimal.js';

export interface PricedRow {
  kind: string;
  manual_price: unknown;
  sent_asset: string | null;
  sent_amount: string | number | null;
  sent_price: string | number | null;
  received_asset: string | null;
  received_amount: string | number | null;
  received_price: string | number | null;
}

const INCOMING = ['buy', 'deposit', 'income'];

/**
 * The value the editor's manual per-token price gives a row (amount × price, exact, in the
 * reporting currency): the received side of an incoming row, else the sent side, else the
 * other. The engine then values the row by it instead of the imported fiat value.
 */
export function manualFiatValue(
  row: PricedRow,
  currency: string,
): { currency: string; amount: string } | null {
  if (!row.manual_price) return null;
  const sent = [row.sent_asset, row.sent_amount, row.sent_price] as const;
  const received = [row.received_asset, row.received_amount, row.received_price] as const;
  const order = INCOMING.includes(row.kind) ? [received, sent] : [sent, received];
  for (const [asset, amount, price] of order) {
    if (asset === null || amount === null || price === null) continue;
    const value = new Decimal(String(amount)).abs().mul(String(price));
    return { currency, amount: value.toFixed() };
  }
  return null;
}

/** A stored row's amounts as read for valuation (the columns of `transactions`). */
export interface StoredLegsRow extends PricedRow {
  fee_asset: string | null;
  fee_amount: string | number | null;
  fee_price: string | number | null;
  fiat_currency: string | null;
  fiat_value: string | number | null;
}

/**
 * A stored row's legs and value as the engine and the pricing step read them: a manual
 * per-token price from the editor wins over the imported value, and values the fee first.
 */
export function storedLegs(r: StoredLegsRow, currency: string) {
  return {
    sent:
      r.sent_asset && r.sent_amount !== null ? { asset: r.sent_asset, amount: String(r.sent_amount) } : null,
    received:
      r.received_asset && r.received_amount !== null
        ? { asset: r.received_asset, amount: String(r.received_amount) }
        : null,
    fee: r.fee_asset && r.fee_amount !== null ? { asset: r.fee_asset, amount: String(r.fee_amount) } : null,
    fiat_value:
      manualFiatValue(r, currency) ??
      (r.fiat_currency && r.fiat_value !== null
        ? { currency: r.fiat_currency, amount: String(r.fiat_value) }
        : null),
    feePrice: r.manual_price && r.fee_price !== null ? String(r.fee_price) : null,
  };
}
