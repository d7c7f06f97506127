import type { Generated } from 'kysely';
import type { Bool, DecimalText, Timestamp } from './column-types.ts';

/** One Form 1099-DA of a user's account (the exchange that issued it) and tax year. */
export interface BrokerFormsTable {
  id: Generated<number>;
  user_id: number;
  import_history_id: number;
  tax_year: number;
  source: 'csv' | 'typed';
  file_name: string | null;
  layout: string;
  /** sha256 of the account, the year and the lines' boxes: the same form twice adds nothing. */
  fingerprint: string;
  line_count: number;
  created_at: Timestamp;
}

/** One line of a 1099-DA, box by box (packages/contracts tax/form-1099da.ts). */
export interface BrokerFormLinesTable {
  id: Generated<number>;
  form_id: number;
  user_id: number;
  line: number | null;
  form_8949_box: string | null;
  asset: string;
  asset_code: string | null;
  asset_name: string | null;
  units: DecimalText | null;
  date_acquired: string | null;
  date_sold: string;
  proceeds: DecimalText;
  cost_basis: DecimalText | null;
  accrued_market_discount: DecimalText | null;
  wash_sale_loss_disallowed: DecimalText | null;
  basis_reported: Bool;
  proceeds_type: string | null;
  federal_tax_withheld: DecimalText | null;
  loss_not_allowed: Bool;
  term: string | null;
  cash_only: Bool;
  customer_provided: Bool;
  noncovered: Bool;
  aggregate: string | null;
  aggregate_transactions: number | null;
}
