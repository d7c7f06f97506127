import type { Migration } from 'kysely';
import * as m000001 from './2026_11_21_000001_accounts.ts';
import * as m000002 from './2026_11_21_000002_jobs.ts';
import * as m000003 from './2026_11_21_000003_imports_transactions.ts';
import * as m000004 from './2026_11_21_000004_import_staging.ts';
import * as m000005 from './2026_11_21_000005_tax.ts';
import * as m000006 from './2026_11_21_000006_transactions_list.ts';
import * as m000007 from './2026_11_21_000007_list_speed.ts';
import * as m000008 from './2026_11_21_000008_annotations.ts';
import * as m000009 from './2026_11_21_000009_edits_pairs.ts';
import * as m000011 from './2026_11_21_000011_group_types.ts';
import * as m000013 from './2026_11_21_000013_tax_checkpoints.ts';
import * as m000014 from './2026_11_21_000014_recent_change.ts';
import * as m000015 from './2026_11_22_000015_user_id_order.ts';
import * as m000016 from './2026_11_25_000016_prices.ts';
import * as m000017 from './2026_11_25_000017_token_contract.ts';
import * as m000018 from './2026_11_25_000018_review_traces.ts';
import * as m000019 from './2026_11_25_000019_allocation_choice.ts';
import * as m000020 from './2026_11_25_000020_bulk_undo.ts';
import * as m000021 from './2026_11_26_000021_job_heartbeat.ts';
import * as m000022 from './2026_11_26_000022_api_credentials.ts';
import * as m000023 from './2026_11_26_000023_wallet_connections.ts';
import * as m000030 from './2026_11_26_000030_labs.ts';
import * as m000031 from './2026_11_26_000031_taxpro.ts';
import * as m000024 from './2026_11_27_000024_api_credentials_exchanges.ts';
import * as m000032 from './2026_11_28_000032_billing.ts';
import * as m000033 from './2026_11_28_000033_wallet_finder.ts';
import * as m000034 from './2026_11_29_000034_email_verified.ts';
import * as m000036 from './2026_11_29_000036_auth_attempts.ts';
import * as m000041 from './2026_11_29_000041_job_checkpoint.ts';
import * as m000045 from './2026_11_29_000045_sign_up_confirmations.ts';

/** Every migration, in order. Imported statically so the server needs no file scanning. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_000001_accounts': m000001,
  '2026_11_21_000002_jobs': m000002,
  '2026_11_21_000003_imports_transactions': m000003,
  '2026_11_21_000004_import_staging': m000004,
  '2026_11_21_000005_tax': m000005,
  '2026_11_21_000006_transactions_list': m000006,
  '2026_11_21_000007_list_speed': m000007,
  '2026_11_21_000008_annotations': m000008,
  '2026_11_21_000009_edits_pairs': m000009,
  '2026_11_21_000011_group_types': m000011,
  '2026_11_21_000013_tax_checkpoints': m000013,
  '2026_11_21_000014_recent_change': m000014,
  '2026_11_22_000015_user_id_order': m000015,
  '2026_11_25_000016_prices': m000016,
  '2026_11_25_000017_token_contract': m000017,
  '2026_11_25_000018_review_traces': m000018,
  '2026_11_25_000019_allocation_choice': m000019,
  '2026_11_25_000020_bulk_undo': m000020,
  '2026_11_26_000021_job_heartbeat': m000021,
  '2026_11_26_000022_api_credentials': m000022,
  '2026_11_26_000023_wallet_connections': m000023,
  '2026_11_26_000030_labs': m000030,
  '2026_11_26_000031_taxpro': m000031,
  '2026_11_27_000024_api_credentials_exchanges': m000024,
  '2026_11_28_000032_billing': m000032,
  '2026_11_28_000033_wallet_finder': m000033,
  '2026_11_29_000034_email_verified': m000034,
  '2026_11_29_000036_auth_attempts': m000036,
  '2026_11_29_000041_job_checkpoint': m000041,
  '2026_11_29_000045_sign_up_confirmations': m000045,
};
