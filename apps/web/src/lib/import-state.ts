import type { ImportHistoryRow } from '@lotwise/contracts/imports/import-histories';

/** Import-state rules of spec 01 §4. */
type StatusRow = Pick<ImportHistoryRow, 'import_status'>;

/** All imports are complete when every row is complete. */
export function allImportsComplete(rows: readonly StatusRow[]): boolean {
  return rows.every((row) => row.import_status === 'complete');
}

/** The first import: exactly one account exists and it is in progress. */
export function isFirstImport(rows: readonly StatusRow[]): boolean {
  return rows.length === 1 && rows[0]?.import_status === 'in-progress';
}

/** The name shown for an account: its custom name, else the exchange name. */
export function accountLabel(row: Pick<ImportHistoryRow, 'custom_name' | 'account_name'>): string {
  return row.custom_name?.trim() || row.account_name;
}

/** spec 01 §3 "Sidebar account". */
export interface SidebarAccount {
  account_name: string;
  value: string;
  label: string;
  slug: string;
  type: ImportHistoryRow['type'];
  import_status: ImportHistoryRow['import_status'];
  status_code: string | null;
  last_synced_at: string | null;
  is_empty: boolean;
  file_name: string | null;
}

export function toSidebarAccount(row: ImportHistoryRow): SidebarAccount {
  return {
    account_name: row.account_name,
    value: String(row.id),
    label: accountLabel(row),
    slug: row.account_slug,
    type: row.type,
    import_status: row.import_status,
    status_code: row.import_status === 'failed' ? 'failed' : null,
    last_synced_at: row.last_synced_at,
    is_empty: row.total_transactions === 0 && row.import_status !== 'in-progress',
    file_name: row.file_name,
  };
}

/** The sidebar list: empty accounts last, otherwise the server's order is kept (stable sort). */
export function sortSidebarAccounts(accounts: readonly SidebarAccount[]): SidebarAccount[] {
  return [...accounts].sort((a, b) => Number(a.is_empty) - Number(b.is_empty));
}

/** The synthetic 'All Assets' option (spec 01 §3 "Import source option"). */
export const ALL_ASSETS_VALUE = 'all';

/** Where the import-history check sends the user: the saved path when history exists, else '/'. */
export function importHistoryTarget(exists: boolean, savedPath: string | null, fallback: string): string {
  if (!exists) return '/';
  return savedPath?.startsWith('/') && !savedPath.startsWith('//') ? savedPath : fallback;
}

const TYPE_LABELS: Record<ImportHistoryRow['type'], string> = {
  csv: 'CSV',
  api: 'API',
  wallet: 'Wallet',
  manual: 'Manual',
};

export function importTypeLabel(type: ImportHistoryRow['type']): string {
  return TYPE_LABELS[type];
}

/** '{X} import failed, please try again and contact customer support if the issue persists.' */
export function importFailedText(name: string): string {
  return `${name} import failed, please try again and contact customer support if the issue persists.`;
}

/** The upload answer's message without its 'file: ' field prefix. */
export function uploadErrorText(message: string): string {
  return message.replace(/^file:\s*/i, '').replace(/^./, (c) => c.toUpperCase());
}

export function formatSyncDate(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** '1 transaction', '2,000 transactions'. */
export function countNoun(n: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(n)} ${n === 1 ? noun : plural}`;
}
