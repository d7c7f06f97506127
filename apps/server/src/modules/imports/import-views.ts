import type { ImportHistoryRow, ImportSourceRow } from '@lotwise/contracts/imports/import-histories';
import type { ImportHistoryRow as HistoryRecord, ImportFileRow } from '../../db/schema.ts';
import type { HistoryWithCounts } from './imports.repo.ts';

/** Database rows → the API shapes of spec 01 §3. */
export function toHistoryRow(
  h: HistoryWithCounts,
  progress: number,
  failure: string | null = null,
): ImportHistoryRow {
  return {
    id: h.id,
    account_name: h.account_name,
    account_slug: h.account_slug,
    type: h.type,
    last_synced_at: h.last_synced_at,
    total_transactions: h.total_transactions,
    file_name: h.latest_file_name,
    custom_name: h.custom_name,
    import_options: h.type === 'wallet' ? ['wallet', 'csv'] : [h.type],
    import_status: h.import_status,
    blockchain_url: null,
    expandable: h.type !== 'manual',
    us_based: Boolean(h.us_based),
    resync_id: null,
    source_id: h.latest_file_id,
    resync_disabled: true,
    api_code: null,
    progress: h.import_status === 'in-progress' ? progress : 100,
    api_warning: h.api_warning,
    oauth_status: oauthStatus(h.oauth_status),
    failure_reason: h.import_status === 'failed' ? failure : null,
    row_errors: h.row_errors,
  };
}

function oauthStatus(status: string | null): ImportHistoryRow['oauth_status'] {
  return status === 'active' || status === 'revoked' || status === 'expired' ? status : null;
}

export function toSourceRow(f: ImportFileRow, h: HistoryRecord): ImportSourceRow {
  return {
    id: f.id,
    group_id: h.id,
    account_name: h.account_name,
    account_slug: h.account_slug,
    blockchain_url: null,
    last_sync: f.finished_at,
    total: f.rows_added,
    parsed: f.rows_parsed,
    // A paused upload (free import limit) is still on its way: in progress, with its own code.
    import_status: f.status === 'paused' ? 'in-progress' : f.status,
    status_code: f.status === 'failed' ? 'failed' : f.status === 'paused' ? 'paused' : null,
    file_name: f.file_name,
    file_type: f.file_type,
    custom_name: h.custom_name,
    us_based: Boolean(h.us_based),
    error_count: f.error_count,
    note_count: 0,
    allow_resync_new: false,
    resync_disabled: true,
    api_code: null,
    added: f.rows_added,
    duplicates: f.rows_duplicate,
    skipped: f.rows_skipped,
    format: f.format,
    message: f.status_message,
  };
}
