import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { yieldToRequests } from '../jobs/yield-to-requests.ts';
import type { Database } from './schema.ts';

/** Where bulk rows go: Kysely, plus the embedded database's handle when there is one. */
export interface BulkTarget {
  db: Kysely<Database>;
  sqlite?: SQLite.Database | undefined;
  /**
   * `db` is a Kysely transaction of the caller's: rows join it as they are written (on
   * SQLite its connection lock is already the caller's, so nothing else interleaves).
   */
  inTransaction?: boolean;
}

/** A cell: text, a number, a flag or nothing. */
export type Cell = string | number | boolean | null;

/** Rows per short SQLite transaction: a few milliseconds each, then waiting requests get a turn. */
const SQLITE_CHUNK = 2_000;
/** Bound parameters per multi-row INSERT: under SQLite's 32,766 and PostgreSQL's 65,535. */
const PARAMS = 30_000;

const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

function insertStatement(
  sqlite: SQLite.Database,
  table: string,
  columns: readonly string[],
): SQLite.Statement {
  let byTable = statements.get(sqlite);
  if (!byTable) {
    byTable = new Map();
    statements.set(sqlite, byTable);
  }
  const sql = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`;
  let statement = byTable.get(sql);
  if (!statement) {
    statement = sqlite.prepare(sql);
    byTable.set(sql, statement);
  }
  return statement;
}

/** better-sqlite3 binds no booleans. */
const sqliteCell = (value: Cell) => (typeof value === 'boolean' ? Number(value) : value);

/**
 * Inserts one row per item (`cells` gives its values in `columns` order), a chunk at a time
 * with a turn for waiting requests between chunks. On SQLite one prepared statement runs per
 * row inside a short transaction, faster than compiling many-row VALUES queries (storing a
 * 300k-row calculation's results: 10.5 s through Kysely, 7.1 s so). Elsewhere, multi-row
 * inserts.
 */
export async function bulkInsert<T extends keyof Database & string, S>(
  target: BulkTarget,
  table: T,
  columns: readonly (keyof Database[T] & string)[],
  items: readonly S[],
  cells: (item: S) => Cell[],
): Promise<void> {
  const { db, sqlite } = target;
  if (sqlite) {
    const statement = insertStatement(sqlite, table, columns);
    const write = (chunk: readonly S[]) => {
      for (const item of chunk) statement.run(cells(item).map(sqliteCell));
    };
    for (let i = 0; i < items.length; i += SQLITE_CHUNK) {
      const chunk = items.slice(i, i + SQLITE_CHUNK);
      if (target.inTransaction) write(chunk);
      // Holding Kysely's connection keeps every Kysely transaction off the connection meanwhile,
      // so the short transaction below is ours alone.
      else await db.connection().execute(async () => sqlite.transaction(write)(chunk));
      await yieldToRequests();
    }
    return;
  }
  const size = Math.max(1, Math.floor(PARAMS / columns.length));
  for (let i = 0; i < items.length; i += size) {
    const values = items.slice(i, i + size).map((item) => {
      const row = cells(item);
      return Object.fromEntries(columns.map((c, k) => [c, row[k]]));
    });
    // The row objects are built from `columns`, which the signature ties to the table.
    await db
      .insertInto(table)
      .values(values as never)
      .execute();
    await yieldToRequests();
  }
}
