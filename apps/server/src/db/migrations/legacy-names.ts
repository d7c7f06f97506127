/**
 * The names the first migrations were recorded under before they were named by sequence
 * number alone (dated names, `2026_11_21_000001_accounts`, whose dates said nothing reliable
 * about order). Databases migrated then have these in Kysely's migration table; migrate.ts
 * renames them to the current names before migrating. Frozen: new migrations never get an
 * entry here.
 */
export const LEGACY_MIGRATION_NAMES: Readonly<Record<string, string>> = {
  '000001_accounts': '2026_11_21_000001_accounts',
  '000002_jobs': '2026_11_21_000002_jobs',
  '000003_imports_transactions': '2026_11_21_000003_imports_transactions',
  '000004_import_staging': '2026_11_21_000004_import_staging',
  '000005_tax': '2026_11_21_000005_tax',
  '000006_transactions_list': '2026_11_21_000006_transactions_list',
  '000007_list_speed': '2026_11_21_000007_list_speed',
  '000008_annotations': '2026_11_21_000008_annotations',
  '000009_edits_pairs': '2026_11_21_000009_edits_pairs',
  '000011_group_types': '2026_11_21_000011_group_types',
  '000013_tax_checkpoints': '2026_11_21_000013_tax_checkpoints',
  '000014_recent_change': '2026_11_21_000014_recent_change',
  '000015_user_id_order': '2026_11_22_000015_user_id_order',
  '000016_prices': '2026_11_25_000016_prices',
  '000017_token_contract': '2026_11_25_000017_token_contract',
  '000018_review_traces': '2026_11_25_000018_review_traces',
  '000019_allocation_choice': '2026_11_25_000019_allocation_choice',
  '000020_bulk_undo': '2026_11_25_000020_bulk_undo',
  '000021_job_heartbeat': '2026_11_26_000021_job_heartbeat',
  '000022_api_credentials': '2026_11_26_000022_api_credentials',
  '000023_wallet_connections': '2026_11_26_000023_wallet_connections',
  '000030_labs': '2026_11_26_000030_labs',
  '000031_taxpro': '2026_11_26_000031_taxpro',
  '000024_api_credentials_exchanges': '2026_11_27_000024_api_credentials_exchanges',
  '000032_billing': '2026_11_28_000032_billing',
  '000033_wallet_finder': '2026_11_28_000033_wallet_finder',
  '000034_email_verified': '2026_11_29_000034_email_verified',
  '000036_auth_attempts': '2026_11_29_000036_auth_attempts',
  '000041_job_checkpoint': '2026_11_29_000041_job_checkpoint',
  '000045_sign_up_confirmations': '2026_11_29_000045_sign_up_confirmations',
};
