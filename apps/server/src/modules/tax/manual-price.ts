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
