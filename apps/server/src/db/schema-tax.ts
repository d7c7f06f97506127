import type { Generated } from 'kysely';
import type { Bool, DecimalText, Timestamp } from './column-types.ts';

/** The tax calculation's stored results (see modules/tax). */
export type TaxCalculationStatus = 'queued' | 'running' | 'complete' | 'failed' | 'superseded';

export interface TaxCalculationsTable {
  id: Generated<number>;
  user_id: number;
  trace_id: string;
  job_id: number | null;
  status: TaxCalculationStatus;
  /** JSON: the settings the calculation ran with. */
  settings: string;
  /** What the transactions looked like (count, newest id, last change) plus the settings. */
  input_version: string;
  transaction_count: Generated<number>;
  /** JSON: the Rev. Proc. 2024-28 allocation record, when there is one. */
  allocation: string | null;
  error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface TaxYearSummariesTable {
  id: Generated<number>;
  calc_id: number;
  year: number;
  proceeds: DecimalText;
  cost_basis: DecimalText;
  short_term_gain: DecimalText;
  long_term_gain: DecimalText;
  income: DecimalText;
  disposal_count: number;
  income_count: number;
}

export interface TaxDisposalsTable {
  id: Generated<number>;
  calc_id: number;
  year: number;
  transaction_id: number;
  asset: string;
  amount: DecimalText;
  acquired_at: string;
  disposed_at: string;
  disposed_timestamp: Timestamp;
  proceeds: DecimalText;
  cost_basis: DecimalText;
  gain: DecimalText;
  term: 'short' | 'long';
  category: string;
  taxable: Bool;
  wallet: string;
  /** JSON: the lots this line used (the audit trail). */
  lots: string;
  sell_without_buy: DecimalText | null;
  missing_price: Bool;
  fair_market_value: DecimalText | null;
}

export interface TaxIncomeTable {
  id: Generated<number>;
  calc_id: number;
  year: number;
  transaction_id: number;
  asset: string;
  amount: DecimalText;
  value: DecimalText;
  received_at: string;
  category: string;
  wallet: string;
  missing_price: Bool;
}

export interface TaxHoldingsTable {
  id: Generated<number>;
  calc_id: number;
  wallet: string;
  asset: string;
  amount: DecimalText;
  cost_basis: DecimalText;
  acquired_at: string;
  lot_id: string;
}

export interface TaxWarningsTable {
  id: Generated<number>;
  calc_id: number;
  code: string;
  transaction_id: number | null;
  message: string;
  /** JSON array of the totals the problem makes unreliable. */
  affects: string | null;
  /** Tax year of the transaction (migration 000013); null for option warnings. */
  year: number | null;
}

export interface TaxTransactionStatusTable {
  id: Generated<number>;
  calc_id: number;
  user_id: number;
  transaction_id: number;
  status: 'ok' | 'error';
  missing_price: Bool;
  sell_without_buy: Bool;
  sell_without_buy_quantity: DecimalText | null;
  /** Tax year of the transaction (migration 000013). */
  year: number | null;
}

/** Lot state at the start of a tax year, to resume a later calculation (migration 000013). */
export interface TaxCheckpointsTable {
  calc_id: number;
  year: number;
  day: string;
  basis_key: string;
  fingerprint: string;
  state: string;
}
