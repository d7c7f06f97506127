import { z } from 'zod';

const text = z.string().nullable();
const decimal = z.string().nullable();

/** One transaction as the list shows it (spec 02 §3; amounts are decimal strings). */
export const transactionLeg = z.object({
  id: z.number().int(),
  gt_id: z.number().int().nullable(),
  /** buy, sell, trade, incoming, outgoing or transfer. */
  type: z.string(),
  /** The imported kind (buy, sell, trade, deposit, withdrawal, income, spend, fee). */
  default_type: z.string(),
  sub_type: z.string(),
  user_defined_type: text,
  gt_user_defined_type: text,
  is_grouped_transaction: z.boolean(),
  ignored: z.boolean(),
  manual_switch_trade: z.boolean(),
  auto_switch_trade: z.boolean(),
  disable_legacy_ui_action: z.boolean(),
  tax_calculated: z.boolean(),
  /** ISO-8601 UTC. */
  date: z.string(),
  utc_date: z.string(),
  transaction_code: text,
  txn_url: text,
  address: text,
  from_address: text,
  to_address: text,
  exchange: z.string(),
  exchange_name: z.string(),
  source_id: z.number().int(),
  /** 'error' means missing price; otherwise 'ok'. */
  status: z.enum(['ok', 'error']),
  comment: text,
  us_based: z.boolean(),
  fee: decimal,
  fee_amount: decimal,
  fee_currency_code: text,
  fee_currency_icon_url: text,
  fee_per_token_price: decimal,
  converted_fee: decimal,
  total: decimal,
  converted_total_amount: decimal,
  converted_price: decimal,
  price: decimal,
  main_currency: z.string(),
  reference_currency: z.string(),
  manual_per_token_price: z.boolean(),
  is_sell_without_buy: z.boolean(),
  sell_without_buy_quantity: decimal,
  from_currency: text,
  from_currency_name: text,
  from_amount: decimal,
  from_currency_icon_url: text,
  from_currency_crypto: z.boolean(),
  from_per_token_price: decimal,
  from_converted_currency: text,
  from_converted_amount: decimal,
  to_currency: text,
  to_currency_name: text,
  to_amount: decimal,
  to_currency_icon_url: text,
  to_currency_crypto: z.boolean(),
  to_per_token_price: decimal,
  to_converted_currency: text,
  to_converted_amount: decimal,
  /** Pair dialogs: the pair this row belongs to and which dialog made it (self_transfer, switch_trade, swap). */
  pair_id: text.optional(),
  pair_kind: text.optional(),
});
export type TransactionLeg = z.infer<typeof transactionLeg>;

/** A list row; a grouped transaction (gt_id) also carries its incoming, outgoing and fee rows. */
export const transactionRow = transactionLeg.extend({
  incoming: z.array(transactionLeg),
  outgoing: z.array(transactionLeg),
  fees: z.array(transactionLeg),
  /** A pair shows as one row (the outgoing half); this is the incoming half it merged with. */
  partner: transactionLeg.nullable().optional(),
});
export type TransactionRow = z.infer<typeof transactionRow>;
