import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type {
  AccountType,
  Database,
  ImportFileRow,
  ImportHistoryRow,
  ImportStatus,
  NewStagedRow,
} from '../../db/schema.ts';
import { nowIso } from '../users/users.repo.ts';

export interface HistoryWithCounts extends ImportHistoryRow {
  total_transactions: number;
  latest_file_name: string | null;
  latest_file_id: number | null;
}

/** SQL for accounts, uploads, their row errors and the stored transactions. Every query is scoped to a user. */
export class ImportsRepo {
  private stageStatement: SQLite.Statement | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sqlite?: SQLite.Database,
  ) {}

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
      ])
      .where('h.user_id', '=', userId)
      .orderBy('h.id', 'desc');
    if (page) query = query.limit(page.limit).offset(page.offset);
    const rows = await query.execute();
    return rows.map((r) => ({ ...r, total_transactions: Number(r.total_transactions ?? 0) }));
  }

  /** Clears what an interrupted run of this upload left behind: staged rows and row errors. */
  async resetRun(fileId: number): Promise<void> {
    await this.db.deleteFrom('import_staging').where('import_file_id', '=', fileId).execute();
    await this.db.deleteFrom('import_errors').where('import_file_id', '=', fileId).execute();
  }

  async addErrors(
    fileId: number,
    errors: { line: number; column: string | null; message: string }[],
  ): Promise<void> {
    for (let i = 0; i < errors.length; i += 500) {
      await this.db
        .insertInto('import_errors')
        .values(
          errors.slice(i, i + 500).map((e) => ({
            import_file_id: fileId,
            line: e.line,
            column_name: e.column,
            message: e.message,
          })),
        )
        .execute();
    }
  }

  /** One short write per call; other requests get the database between chunks. */
  async stageRows(rows: NewStagedRow[]): Promise<void> {
    if (rows.length === 0) return;
    // The raw handle bypasses Kysely's connection lock, so only use it when no Kysely
    // transaction is open on the connection; being synchronous, nothing interleaves then.
    if (!this.sqlite || this.sqlite.inTransaction) {
      await this.db.insertInto('import_staging').values(rows).execute();
      return;
    }
    // SQLite: one prepared statement run per row inside a short transaction is several
    // times faster than compiling a thousand-row VALUES query.
    const sqlite = this.sqlite;
    this.stageStatement ??= sqlite.prepare(
      `insert into import_staging (import_file_id, ${STAGED_COLUMNS.join(', ')}) values (${[
        'import_file_id',
        ...STAGED_COLUMNS,
      ]
        .map(() => '?')
        .join(', ')})`,
    );
    const statement = this.stageStatement;
    sqlite.transaction((batch: NewStagedRow[]) => {
      for (const row of batch)
        statement.run(row.import_file_id, ...STAGED_COLUMNS.map((c) => row[c] ?? null));
    })(rows);
  }

  /**
   * Moves an upload's staged rows into transactions in one statement (rows already present
   * are skipped by the unique dedupe key), with its row errors and counts, all in one
   * database transaction: the import is stored whole or not at all.
   */
  async commitImport(input: {
    fileId: number;
    historyId: number;
    userId: number;
    format: string;
    parsed: number;
    errorCount: number;
    skipped: number;
  }): Promise<{ added: number; duplicates: number }> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .insertInto('transactions')
        .columns([...STAGED_COLUMNS, 'import_file_id', 'updated_at'])
        .expression(
          trx
            .selectFrom('import_staging')
            .select([...STAGED_COLUMNS, 'import_file_id', 'created_at as updated_at'])
            .where('import_file_id', '=', input.fileId)
            .orderBy('id'),
        )
        .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
        .executeTakeFirst();
      const added = Number(moved.numInsertedOrUpdatedRows ?? 0);
      await trx
        .updateTable('import_files')
        .set({
          status: 'complete',
          format: input.format,
          rows_parsed: input.parsed,
          rows_added: added,
          rows_duplicate: input.parsed - added,
          rows_skipped: input.skipped,
          error_count: input.errorCount,
          finished_at: nowIso(),
        })
        .where('id', '=', input.fileId)
        .execute();
      await trx
        .updateTable('import_histories')
        .set({ import_status: 'complete', last_synced_at: nowIso(), updated_at: nowIso() })
        .where('id', '=', input.historyId)
        .execute();
      if (added > 0) {
        await trx
          .updateTable('users')
          .set({ transaction_uploaded: true })
          .where('id', '=', input.userId)
          .execute();
      }
      await trx.deleteFrom('import_staging').where('import_file_id', '=', input.fileId).execute();
      return { added, duplicates: input.parsed - added };
    });
  }

  /** An upload nothing could be read from: its errors are already stored; the rows are not. */
  async failImport(
    fileId: number,
    historyId: number,
    format: string | null,
    message: string,
    errorCount: number,
  ) {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('import_staging').where('import_file_id', '=', fileId).execute();
      await trx
        .updateTable('import_files')
        .set({
          status: 'failed',
          status_message: message,
          format,
          error_count: errorCount,
          finished_at: nowIso(),
        })
        .where('id', '=', fileId)
        .execute();
      const others = await trx
        .selectFrom('import_files')
        .select('id')
        .where('import_history_id', '=', historyId)
        .where('status', '=', 'complete')
        .executeTakeFirst();
      await trx
        .updateTable('import_histories')
        .set({ import_status: others ? 'complete' : 'failed', updated_at: nowIso() })
        .where('id', '=', historyId)
        .execute();
    });
  }
}

/** Columns an upload's staged rows carry over into transactions unchanged. */
const STAGED_COLUMNS = [
  'user_id',
  'import_history_id',
  'dedupe_key',
  'timestamp',
  'kind',
  'subtype',
  'sent_asset',
  'sent_amount',
  'received_asset',
  'received_amount',
  'fee_asset',
  'fee_amount',
  'fiat_currency',
  'fiat_value',
  'external_id',
  'tx_hash',
  'from_address',
  'to_address',
  'label',
  'note',
  'source_lines',
  'created_at',
] as const;
