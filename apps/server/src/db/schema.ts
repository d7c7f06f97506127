import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Booleans are real booleans on PostgreSQL and 0/1 on SQLite; the
 * sqlite boolean plugin converts what we write, and repos read them through Boolean().
 * Timestamps are ISO-8601 UTC strings in both dialects, so they sort as text and never
 * go through a driver's time-zone conversion.
 */
export type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
export type Timestamp = string;

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
  onboarded: Bool;
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
  status: ImportStatus;
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

/** Decimal columns: NUMERIC on PostgreSQL (read back as strings), TEXT on SQLite. */
export type DecimalText = string;

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
