import { z } from 'zod';

/**
 * One line of a Form 1099-DA (Digital Asset Proceeds From Broker Transactions), box by box, as
 * the importers read it from a CSV and the typed-entry dialog sends it. Amounts are exact
 * decimal strings; dates are UTC calendar days (YYYY-MM-DD) or VARIOUS for box 1d.
 */
const decimalText = z
  .string()
  .max(64)
  .regex(/^\d+(\.\d+)?$/, 'a number without sign or grouping, such as 1234.56');
const day = z
  .string()
  .length(10, 'a date as YYYY-MM-DD')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

export const form1099DaBoxes = z.object({
  /** Applicable checkbox on Form 8949 printed by the broker (G, H, J, K, or Y for none of them). */
  form_8949_box: z.enum(['G', 'H', 'J', 'K', 'Y']).nullable(),
  /** The asset's ticker Lotwise matches on (the layout's symbol column, else box 1a or 1b). */
  asset: z.string().min(1).max(64),
  /** Box 1a: code for the digital asset (DTIF code, or 999999999 when not registered). */
  asset_code: z.string().max(64).nullable(),
  /** Box 1b: name of the digital asset. */
  asset_name: z.string().max(200).nullable(),
  /** Box 1c: number of units (blank on an aggregate line). */
  units: decimalText.nullable(),
  /** Box 1d: date acquired, VARIOUS, or blank. */
  date_acquired: z.union([day, z.literal('VARIOUS')]).nullable(),
  /** Box 1e: date sold or disposed. */
  date_sold: day,
  /** Box 1f: proceeds. */
  proceeds: decimalText,
  /** Box 1g: cost or other basis (blank when the broker has none). */
  cost_basis: decimalText.nullable(),
  /** Box 1h: accrued market discount. */
  accrued_market_discount: decimalText.nullable(),
  /** Box 1i: wash sale loss disallowed. */
  wash_sale_loss_disallowed: decimalText.nullable(),
  /** Box 2: basis reported to the IRS. */
  basis_reported: z.boolean(),
  /** Box 3a: proceeds reported gross or net (of fees). */
  proceeds_type: z.enum(['gross', 'net']).nullable(),
  /** Box 4: federal income tax withheld. */
  federal_tax_withheld: decimalText.nullable(),
  /** Box 5: loss not allowed based on the amount in 1f. */
  loss_not_allowed: z.boolean(),
  /** Box 6: short-term, long-term or ordinary. */
  term: z.enum(['short', 'long', 'ordinary']).nullable(),
  /** Box 7: proceeds only cash. */
  cash_only: z.boolean(),
  /** Box 8: broker relied on customer-provided acquisition information. */
  customer_provided: z.boolean(),
  /** Box 9: noncovered digital asset. */
  noncovered: z.boolean(),
  /** Boxes 11a/11b: an aggregate line for qualifying stablecoins or specified NFTs. */
  aggregate: z.enum(['stablecoin', 'nft']).nullable(),
  /** Box 11c: the number of transactions in an aggregate line. */
  aggregate_transactions: z.number().int().min(1).max(100_000_000).nullable(),
});
export type Form1099DaBoxes = z.infer<typeof form1099DaBoxes>;

/** A line as read from a file: its boxes and the physical line it came from. */
export interface Form1099DaLine extends Form1099DaBoxes {
  line: number;
}
