import type { Migration } from 'kysely';
import * as m000001 from './000001_accounts.ts';
import * as m000002 from './000002_jobs.ts';
import * as m000003 from './000003_imports_transactions.ts';
import * as m000004 from './000004_import_staging.ts';
import * as m000005 from './000005_tax.ts';
import * as m000006 from './000006_transactions_list.ts';
import * as m000007 from './000007_list_speed.ts';
import * as m000008 from './000008_annotations.ts';
import * as m000009 from './000009_edits_pairs.ts';
import * as m000011 from './000011_group_types.ts';
import * as m000013 from './000013_tax_checkpoints.ts';
import * as m000014 from './000014_recent_change.ts';
import * as m000015 from './000015_user_id_order.ts';
import * as m000016 from './000016_prices.ts';
import * as m000017 from './000017_token_contract.ts';
import * as m000018 from './000018_review_traces.ts';
import * as m000019 from './000019_allocation_choice.ts';
import * as m000020 from './000020_bulk_undo.ts';
import * as m000021 from './000021_job_heartbeat.ts';
import * as m000022 from './000022_api_credentials.ts';
import * as m000023 from './000023_wallet_connections.ts';
import * as m000024 from './000024_api_credentials_exchanges.ts';
import * as m000030 from './000030_labs.ts';
import * as m000031 from './000031_taxpro.ts';
import * as m000032 from './000032_billing.ts';
import * as m000033 from './000033_wallet_finder.ts';
import * as m000034 from './000034_email_verified.ts';
import * as m000036 from './000036_auth_attempts.ts';
import * as m000041 from './000041_job_checkpoint.ts';
import * as m000045 from './000045_sign_up_confirmations.ts';
import * as m000046 from './000046_broker_forms.ts';
import * as m000047 from './000047_oauth_connections.ts';
import * as m000048 from './000048_onboarding_step.ts';
import * as m000049 from './000049_aggregator_handoffs.ts';
import * as m000050 from './000050_oauth_refresh_lease.ts';
import * as m000051 from './000051_broker_form_sale_fingerprints.ts';
import * as m000052 from './000052_typed_broker_form_lines.ts';
import * as m000053 from './000053_tax_results_without_row_checks.ts';

/**
 * Every migration, named `NNNNNN_what` and run in the order of that sequence number (Kysely
 * sorts the names; six digits keep text order and number order the same). A new migration
 * takes the next number above the highest here, whatever day it lands: a branch that
 * rebases onto another migration renumbers its own (the list below conflicts until it does,
 * and apps/server/test/migrations-names.test.ts fails on a repeated or descending number).
 * Imported statically so the server needs no file scanning.
 */
export const migrations: Record<string, Migration> = {
  '000001_accounts': m000001,
  '000002_jobs': m000002,
  '000003_imports_transactions': m000003,
  '000004_import_staging': m000004,
  '000005_tax': m000005,
  '000006_transactions_list': m000006,
  '000007_list_speed': m000007,
  '000008_annotations': m000008,
  '000009_edits_pairs': m000009,
  '000011_group_types': m000011,
  '000013_tax_checkpoints': m000013,
  '000014_recent_change': m000014,
  '000015_user_id_order': m000015,
  '000016_prices': m000016,
  '000017_token_contract': m000017,
  '000018_review_traces': m000018,
  '000019_allocation_choice': m000019,
  '000020_bulk_undo': m000020,
  '000021_job_heartbeat': m000021,
  '000022_api_credentials': m000022,
  '000023_wallet_connections': m000023,
  '000024_api_credentials_exchanges': m000024,
  '000030_labs': m000030,
  '000031_taxpro': m000031,
  '000032_billing': m000032,
  '000033_wallet_finder': m000033,
  '000034_email_verified': m000034,
  '000036_auth_attempts': m000036,
  '000041_job_checkpoint': m000041,
  '000045_sign_up_confirmations': m000045,
  '000046_broker_forms': m000046,
  '000047_oauth_connections': m000047,
  '000048_onboarding_step': m000048,
  '000049_aggregator_handoffs': m000049,
  '000050_oauth_refresh_lease': m000050,
  '000051_broker_form_sale_fingerprints': m000051,
  '000052_typed_broker_form_lines': m000052,
  '000053_tax_results_without_row_checks': m000053,
};
