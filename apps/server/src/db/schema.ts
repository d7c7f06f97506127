import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Bool, DecimalText, Timestamp } from './column-types.ts';
import type { BillingEventsTable, BillingPurchasesTable } from './schema-billing.ts';
import type { BrokerFormLinesTable, BrokerFormsTable } from './schema-broker-forms.ts';
import type {
  ApiCredentialsTable,
  WalletConnectionsTable,
  WalletFinderDismissalsTable,
} from './schema-connected.ts';
import type { MarketSnapshotsTable, ResearchItemsTable } from './schema-labs.ts';
import type {
  AggregatorHandoffsTable,
  OauthAuthorizationsTable,
  OauthConnectionsTable,
} from './schema-oauth.ts';
import type { PriceAssetsTable, PriceMissesTable, PricesTable } from './schema-prices.ts';
import type {
  TaxCalculationsTable,
  TaxCheckpointsTable,
  TaxDisposalsTable,
  TaxHoldingsTable,
  TaxIncomeTable,
  TaxTransactionStatusTable,
  TaxWarningsTable,
  TaxYearSummariesTable,
} from './schema-tax.ts';
import type {
  AccountantLinksTable,
  ImpersonationEventsTable,
  PlanGrantsTable,
  PlanInvitationsTable,
} from './schema-taxpro.ts';

export type { Bool, DecimalText, Timestamp } from './column-types.ts';
// The tax results, the price table and connected sources have files of their own.
export type * from './schema-billing.ts';
export type * from './schema-broker-forms.ts';
export type * from './schema-connected.ts';
export type * from './schema-labs.ts';
export type * from './schema-oauth.ts';
export type * from './schema-prices.ts';
export type * from './schema-tax.ts';
export type * from './schema-taxpro.ts';

/**
 * Table types. Booleans are real booleans on PostgreSQL and 0/1 on SQLite; the
 * sqlite boolean plugin converts what we write, and repos read them through Boolean().
 * Timestamps are ISO-8601 UTC strings in both dialects, so they sort as text and never
 * go through a driver's time-zone conversion.
 */

export interface UsersTable {
  id: Generated<number>;
  uuid: string;
  email: string;
  password_hash: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  /** Comma-separated roles: customer, cpa, admin. */
  roles: string;
  /** Set by an admin: the account may not sign in (migration 000031). */
  disabled_at: Generated<string | null>;
  /** When the user last spent a link mailed to their address (migration 000034). */
  email_verified_at: Generated<string | null>;
  onboarded: Bool;
  /** The furthest onboarding step reached, 1–5 (migration 000048). */
  onboarding_step: Generated<number>;
  transaction_uploaded: Bool;
  combined_page: Bool;
  resync_reminder: Bool;
  country_code: string;
  currency: string;
  timezone: string;
  mfa_enabled: Bool;
  mfa_secret: string | null;
  mfa_pending_secret: string | null;
  safe_harbor_dismissed: Bool;
  email_notifications: Bool;
  switch_notifications: Bool;
  bulk_edit_preference: string | null;
  /** Lot method, or a per-year schedule such as "2020:fifo,2021:lifo". */
  tax_method: Generated<string>;
  tax_basis: Generated<string>;
  allocation_rule: Generated<string>;
  /** When the user chose the allocation rule (migration 000019). */
  allocation_chosen_at: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  /** sha256 of the cookie token; the token itself is never stored. */
  id: string;
  user_id: number;
  impersonator_user_id: number | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
}

export interface MfaChallengesTable {
  id: string;
  user_id: number;
  attempts: number;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'superseded';

export interface JobsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  status: JobStatus;
  /** Whole percent, 0–100. */
  progress: number;
  message: string | null;
  /** JSON text. */
  payload: string;
  result: string | null;
  error: string | null;
  /** Jobs sharing a key supersede each other (a newer tax calculation replaces an older one). */
  dedupe_key: string | null;
  attempts: number;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** When the process running it last said it was alive (migration 000021). */
  heartbeat_at: string | null;
  /** That process ("host:pid"). */
  worker: string | null;
  /** How far the job got, JSON its handler reads when it runs again (migration 000041). */
  checkpoint: Generated<string | null>;
}

export type ImportStatus = 'in-progress' | 'complete' | 'failed';
export type AccountType = 'csv' | 'api' | 'wallet' | 'manual';

export interface ImportHistoriesTable {
  id: Generated<number>;
  user_id: number;
  account_name: string;
  account_slug: string;
  type: AccountType;
  custom_name: string | null;
  us_based: Bool;
  import_status: ImportStatus;
  wallet_address: string | null;
  last_synced_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ImportFilesTable {
  id: Generated<number>;
  user_id: number;
  import_history_id: number;
  file_name: string;
  file_type: 'csv' | 'api' | 'wallet' | 'manual';
  storage_path: string | null;
  sha256: string | null;
  size_bytes: number;
  format: string | null;
  /** 'paused': stored nothing, waiting for a plan (the free import limit, issue 20). */
  status: ImportStatus | 'paused';
  status_message: string | null;
  rows_parsed: Generated<number>;
  rows_added: Generated<number>;
  rows_duplicate: Generated<number>;
  rows_skipped: Generated<number>;
  error_count: Generated<number>;
  job_id: number | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface ImportErrorsTable {
  id: Generated<number>;
  import_file_id: number;
  line: number;
  column_name: string | null;
  message: string;
}

export interface TransactionsTable {
  id: Generated<number>;
  user_id: number;
  import_history_id: number;
  import_file_id: number | null;
  dedupe_key: string;
  timestamp: Timestamp;
  kind: string;
  subtype: string | null;
  sent_asset: string | null;
  sent_amount: DecimalText | null;
  received_asset: string | null;
  received_amount: DecimalText | null;
  fee_asset: string | null;
  fee_amount: DecimalText | null;
  fiat_currency: string | null;
  fiat_value: DecimalText | null;
  external_id: string | null;
  tx_hash: string | null;
  from_address: string | null;
  to_address: string | null;
  label: string | null;
  note: string | null;
  /** Comma-separated physical line numbers in the imported file. */
  source_lines: string | null;
  user_defined_type: string | null;
  ignored: Bool;
  comment: string | null;
  gt_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Per-token prices in the reporting currency entered or confirmed in the editor. */
  sent_price: DecimalText | null;
  received_price: DecimalText | null;
  fee_price: DecimalText | null;
  /** The prices above are the user's own (the editor's manual per-token price flag). */
  manual_price: Generated<Bool>;
  /** The editor's US radio; null when not answered. */
  us_based: Bool | null;
  /** Two rows joined by a pair dialog (the engine's pairId) and which dialog joined them. */
  pair_id: string | null;
  pair_kind: string | null;
  /** Plain Bool: already optional on insert (default false); Generated<Bool> refused updates. */
  manual_switch_trade: Bool;
  /** The group's type set by the user (switch-trade reclassification), on the lead row (000011). */
  gt_user_defined_type: string | null;
  /** "chain:contract" of the token leg when the file names it (migration 000017): pricing identity. */
  token_contract: Generated<string | null>;
}

/** An upload's parsed rows on their way into transactions (see the import job). */
export interface ImportStagingTable {
  id: Generated<number>;
  import_file_id: number;
  user_id: number;
  import_history_id: number;
  dedupe_key: string;
  timestamp: Timestamp;
  kind: string;
  subtype: string | null;
  sent_asset: string | null;
  sent_amount: DecimalText | null;
  received_asset: string | null;
  received_amount: DecimalText | null;
  fee_asset: string | null;
  fee_amount: DecimalText | null;
  fiat_currency: string | null;
  fiat_value: DecimalText | null;
  external_id: string | null;
  tx_hash: string | null;
  from_address: string | null;
  to_address: string | null;
  label: string | null;
  note: string | null;
  source_lines: string | null;
  token_contract: string | null;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  mfa_challenges: MfaChallengesTable;
  password_resets: PasswordResetsTable;
  recovery_codes: RecoveryCodesTable;
  jobs: JobsTable;
  import_histories: ImportHistoriesTable;
  import_files: ImportFilesTable;
  import_errors: ImportErrorsTable;
  transactions: TransactionsTable;
  import_staging: ImportStagingTable;
  tax_calculations: TaxCalculationsTable;
  tax_year_summaries: TaxYearSummariesTable;
  tax_disposals: TaxDisposalsTable;
  tax_income: TaxIncomeTable;
  tax_holdings: TaxHoldingsTable;
  tax_warnings: TaxWarningsTable;
  tax_transaction_status: TaxTransactionStatusTable;
  tax_checkpoints: TaxCheckpointsTable;
}

export type NewStagedRow = Insertable<ImportStagingTable>;

export type JobRow = Selectable<JobsTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ImportHistoryRow = Selectable<ImportHistoriesTable>;
export type ImportFileRow = Selectable<ImportFilesTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type NewTransaction = Insertable<TransactionsTable>;
export type TaxCalculationRow = Selectable<TaxCalculationsTable>;

/** One user change to a transaction, keyed by its dedupe_key (migration 000008). */
export interface AnnotationHistoriesTable {
  id: Generated<number>;
  user_id: number;
  dedupe_key: string;
  import_history_id: number;
  /** 'type' (user-defined type change) or 'ignore' (ignore / enable). */
  action: string;
  user_defined_type: string | null;
  ignored: Bool;
  prev_user_defined_type: string | null;
  prev_ignored: Bool;
  /** JSON of the change beyond type/ignored: edited fields, a pair's partner, a group. */
  payload: string | null;
  /** The all-pages bulk job that made it (migration 000020), for its undo. */
  bulk_job_id: Generated<number | null>;
  created_at: Timestamp;
}

// Declaration merging: the annotations table joins the Database interface above.
export interface Database {
  annotation_histories: AnnotationHistoriesTable;
}
export type AnnotationHistoryRow = Selectable<AnnotationHistoriesTable>;

/** The guided review's trace, one per user (migration 000018). */
export interface ReviewTracesTable {
  id: Generated<number>;
  user_id: number;
  trace_name: string;
  /** JSON array of completed wizard names. */
  completed: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  review_traces: ReviewTracesTable;
  prices: PricesTable;
  price_misses: PriceMissesTable;
  price_assets: PriceAssetsTable;
  api_credentials: ApiCredentialsTable;
  wallet_connections: WalletConnectionsTable;
  market_snapshots: MarketSnapshotsTable;
  research_items: ResearchItemsTable;
  accountant_links: AccountantLinksTable;
  impersonation_events: ImpersonationEventsTable;
  plan_invitations: PlanInvitationsTable;
  plan_grants: PlanGrantsTable;
  billing_purchases: BillingPurchasesTable;
  billing_events: BillingEventsTable;
  wallet_finder_dismissals: WalletFinderDismissalsTable;
  broker_forms: BrokerFormsTable;
  broker_form_lines: BrokerFormLinesTable;
  oauth_authorizations: OauthAuthorizationsTable;
  oauth_connections: OauthConnectionsTable;
  aggregator_handoffs: AggregatorHandoffsTable;
}
