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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  mfa_challenges: MfaChallengesTable;
  password_resets: PasswordResetsTable;
  recovery_codes: RecoveryCodesTable;
  jobs: JobsTable;
}

export type JobRow = Selectable<JobsTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
