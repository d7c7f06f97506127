import type { Kysely } from 'kysely';
import type {
  AccountType,
  Database,
  ImportFileRow,
  ImportHistoryRow,
  ImportStatus,
} from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';

export interface HistoryWithCounts extends ImportHistoryRow {
  total_transactions: number;
  latest_file_name: string | null;
  latest_file_id: number | null;
  api_warning: string | null;
  /** Connected by OAuth: whether its access is active, revoked or expired (null: not OAuth). */
  oauth_status: string | null;
  /** Rows of the account's uploads that could not be imported (each upload's error_count, summed). */
  row_errors: number;
}

/** SQL for accounts, uploads, their row errors and the stored transactions. Every query is scoped to a user. */
export class ImportsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async createHistory(input: {
    userId: number;
    name: string;
    slug: string;
    type: AccountType;
    customName: string | null;
    usBased: boolean;
    walletAddress: string | null;
  }): Promise<ImportHistoryRow> {
    const now = nowIso();
    return this.db
      .insertInto('import_histories')
      .values({
        user_id: input.userId,
        account_name: input.name,
        account_slug: input.slug,
        type: input.type,
        custom_name: input.customName,
        us_based: input.usBased,
        import_status: 'in-progress',
        wallet_address: input.walletAddress,
        last_synced_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findHistory(userId: number, id: number): Promise<ImportHistoryRow | undefined> {
    return this.db
      .selectFrom('import_histories')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async setHistoryStatus(id: number, status: ImportStatus, synced: boolean): Promise<void> {
    await this.db
      .updateTable('import_histories')
      .set({ import_status: status, updated_at: nowIso(), ...(synced ? { last_synced_at: nowIso() } : {}) })
      .where('id', '=', id)
      .execute();
  }

  async createFile(input: {
    userId: number;
    historyId: number;
    fileName: string;
    storagePath: string;
    sha256: string;
    sizeBytes: number;
    format: string | null;
  }): Promise<ImportFileRow> {
    return this.db
      .insertInto('import_files')
      .values({
        user_id: input.userId,
        import_history_id: input.historyId,
        file_name: input.fileName,
        file_type: 'csv',
        storage_path: input.storagePath,
        sha256: input.sha256,
        size_bytes: input.sizeBytes,
        format: input.format,
        status: 'in-progress',
        status_message: null,
        job_id: null,
        created_at: nowIso(),
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setFileJob(fileId: number, jobId: number): Promise<void> {
    await this.db.updateTable('import_files').set({ job_id: jobId }).where('id', '=', fileId).execute();
  }

  /**
   * One chunk of the export: the user's rows (or one account's) after id `after`, in id order,
   * along the (user_id, id) index so each chunk is one index range.
   */
  exportChunk(userId: number, after: number, historyId: number | undefined, limit: number) {
    return this.db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '>', after)
      .$if(historyId !== undefined, (q) => q.where('import_history_id', '=', historyId!))
      .orderBy('id')
      .limit(limit);
  }

  findFile(userId: number, id: number): Promise<ImportFileRow | undefined> {
    return this.db
      .selectFrom('import_files')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  filesOfHistory(userId: number, historyId: number): Promise<ImportFileRow[]> {
    return this.db
      .selectFrom('import_files')
      .selectAll()
      .where('user_id', '=', userId)
      .where('import_history_id', '=', historyId)
      .orderBy('id', 'desc')
      .execute();
  }

  filesOfUser(
    userId: number,
  ): Promise<(ImportFileRow & { account_name: string; custom_name: string | null })[]> {
    return this.db
      .selectFrom('import_files')
      .innerJoin('import_histories', 'import_histories.id', 'import_files.import_history_id')
      .selectAll('import_files')
      .select(['import_histories.account_name', 'import_histories.custom_name'])
      .where('import_files.user_id', '=', userId)
      .orderBy('import_files.id')
      .execute();
  }

  errorsOfFile(fileId: number) {
    return this.db
      .selectFrom('import_errors')
      .select(['line', 'column_name', 'message'])
      .where('import_file_id', '=', fileId)
      .orderBy('line')
      .orderBy('id')
      .execute();
  }

  async countHistories(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('import_histories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Accounts with their transaction counts and latest upload, newest first. */
  async historiesWithCounts(
    userId: number,
    page?: { limit: number; offset: number },
  ): Promise<HistoryWithCounts[]> {
    let query = this.db
      .selectFrom('import_histories as h')
      .selectAll('h')
      .select((eb) => [
        eb
          .selectFrom('transactions as t')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('t.import_history_id', '=', 'h.id')
          .as('total_transactions'),
        eb
          .selectFrom('import_files as f')
          .select('f.file_name')
          .whereRef('f.import_history_id', '=', 'h.id')
          .orderBy('f.id', 'desc')
          .limit(1)
          .as('latest_file_name'),
        eb
          .selectFrom('import_files as f')
          .select('f.id')
          .whereRef('f.import_history_id', '=', 'h.id')
          .orderBy('f.id', 'desc')
          .limit(1)
          .as('latest_file_id'),
        eb
          .selectFrom('api_credentials as c')
          .select('c.warning')
          .whereRef('c.import_history_id', '=', 'h.id')
          .as('api_warning'),
        eb
          .selectFrom('oauth_connections as o')
          .select('o.status')
          .whereRef('o.import_history_id', '=', 'h.id')
          .as('oauth_status'),
        eb
          .selectFrom('import_files as f')
          .select((e) => e.fn.sum<number | string | null>('f.error_count').as('n'))
          .whereRef('f.import_history_id', '=', 'h.id')
          .as('row_errors'),
      ])
      .where('h.user_id', '=', userId)
      .orderBy('h.id', 'desc');
    if (page) query = query.limit(page.limit).offset(page.offset);
    const rows = await query.execute();
    return rows.map((r) => ({
      ...r,
      total_transactions: Number(r.total_transactions ?? 0),
      api_warning: r.api_warning ?? null,
      oauth_status: r.oauth_status ?? null,
      row_errors: Number(r.row_errors ?? 0),
    }));
  }
}
