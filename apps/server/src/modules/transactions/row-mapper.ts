import { isFiatCode } from '@lotwise/contracts/transactions/fiat';
import type {
  TransactionRow as ListRow,
  TransactionLeg,
} from '@lotwise/contracts/transactions/transaction-row';
import type { ImportHistoryRow, TransactionRow } from '../../db/schema.ts';
import { manualFiatValue } from '../tax/manual-prices.service.ts';
import { rowType, subTypeOf } from './classify.ts';
import type { RowStatus } from './status-source.ts';

export interface MapContext {
  currency: string;
  histories: Map<number, ImportHistoryRow>;
  statuses: Map<number, RowStatus>;
  /** Derived missing price (before any tax calculation) instead of the calculation's status. */
  derived: boolean;
  taxCalculated: boolean;
}

/** Decimal text as the API sends it: PostgreSQL NUMERIC and SQLite TEXT both arrive as strings. */
function dec(value: string | number | null): string | null {
  return value === null ? null : String(value);
}

/**
 * The value in the user's currency: the user's manual price (as the engine values the row),
 * else the fiat value when it is in that currency, else a leg in it.
 */
export function totalInCurrency(row: TransactionRow, currency: string): string | null {
  const manual = manualFiatValue(row, currency);
  if (manual) return manual.amount;
  if (row.fiat_value !== null && row.fiat_currency?.toUpperCase() === currency) return dec(row.fiat_value);
  if (row.sent_asset?.toUpperCase() === currency) return dec(row.sent_amount);
  if (row.received_asset?.toUpperCase() === currency) return dec(row.received_amount);
  return null;
}

export function hasDerivedMissingPrice(row: TransactionRow): boolean {
  return (
    row.fiat_value === null &&
    manualFiatValue(row, 'USD') === null &&
    !isFiatCode(row.sent_asset) &&
    !isFiatCode(row.received_asset) &&
    (row.sent_asset !== null || row.received_asset !== null)
  );
}

export function toLeg(row: TransactionRow, ctx: MapContext): TransactionLeg {
  const id = Number(row.id);
  const history = ctx.histories.get(row.import_history_id);
  const status = ctx.statuses.get(id);
  const missing = ctx.derived ? hasDerivedMissingPrice(row) : (status?.missingPrice ?? false);
  const total = totalInCurrency(row, ctx.currency);
  const exchange = history ? (history.custom_name ?? history.account_name) : 'Unknown';
  const sideCurrency = (asset: string | null) => (asset === null ? null : ctx.currency);
  return {
    id,
    gt_id: row.gt_id === null ? null : Number(row.gt_id),
    type: rowType(row.kind, row.user_defined_type),
    default_type: row.kind,
    sub_type: subTypeOf(row),
    user_defined_type: row.user_defined_type,
    gt_user_defined_type: row.gt_user_defined_type ?? null,
    is_grouped_transaction: row.gt_id !== null,
    ignored: Boolean(row.ignored),
    // Every switch trade here is the user's (no automatic ones): a pair made in the dialog
    // carries the flag, a row marked from the menu counts as manual too.
    manual_switch_trade:
      Boolean(row.manual_switch_trade) || (row.user_defined_type === 'switch_trade' && row.pair_id === null),
    auto_switch_trade: false,
    disable_legacy_ui_action: false,
    tax_calculated: ctx.taxCalculated,
    date: row.timestamp,
    utc_date: row.timestamp,
    transaction_code: row.tx_hash ?? row.external_id,
    txn_url: null,
    address: row.to_address ?? row.from_address,
    from_address: row.from_address,
    to_address: row.to_address,
    exchange,
    exchange_name: history?.type === 'manual' ? 'Manual' : exchange,
    source_id: row.import_history_id,
    status: missing && !row.ignored ? 'error' : 'ok',
    comment: row.comment,
    // The editor's US answer wins over the account's setting.
    us_based: Boolean(row.us_based ?? history?.us_based),
    fee: dec(row.fee_amount),
    fee_amount: dec(row.fee_amount),
    fee_currency_code: row.fee_asset,
    fee_currency_icon_url: null,
    fee_per_token_price: dec(row.fee_price),
    converted_fee: row.fee_asset?.toUpperCase() === ctx.currency ? dec(row.fee_amount) : null,
    total,
    converted_total_amount: total,
    converted_price: null,
    price: null,
    main_currency: ctx.currency,
    reference_currency: ctx.currency,
    manual_per_token_price: Boolean(row.manual_price),
    is_sell_without_buy: status?.sellWithoutBuy ?? false,
    sell_without_buy_quantity: status?.sellWithoutBuyQuantity ?? null,
    from_currency: row.sent_asset,
    from_currency_name: row.sent_asset,
    from_amount: dec(row.sent_amount),
    from_currency_icon_url: null,
    from_currency_crypto: row.sent_asset !== null && !isFiatCode(row.sent_asset),
    from_per_token_price: dec(row.sent_price),
    from_converted_currency: sideCurrency(row.sent_asset),
    from_converted_amount: row.sent_asset?.toUpperCase() === ctx.currency ? dec(row.sent_amount) : null,
    to_currency: row.received_asset,
    to_currency_name: row.received_asset,
    to_amount: dec(row.received_amount),
    to_currency_icon_url: null,
    to_currency_crypto: row.received_asset !== null && !isFiatCode(row.received_asset),
    to_per_token_price: dec(row.received_price),
    to_converted_currency: sideCurrency(row.received_asset),
    to_converted_amount: row.received_asset?.toUpperCase() === ctx.currency ? dec(row.received_amount) : null,
    pair_id: row.pair_id,
    pair_kind: row.pair_kind,
  };
}

/** A list row; a group lead carries its members split into incoming, outgoing and fee rows. */
export function toListRow(row: TransactionRow, members: TransactionRow[], ctx: MapContext): ListRow {
  const leg = toLeg(row, ctx);
  const incoming: TransactionLeg[] = [];
  const outgoing: TransactionLeg[] = [];
  const fees: TransactionLeg[] = [];
  for (const m of members) {
    const l = toLeg(m, ctx);
    if (m.kind === 'fee') fees.push(l);
    else if (m.sent_asset !== null) outgoing.push(l);
    else incoming.push(l);
  }
  return { ...leg, incoming, outgoing, fees };
}
