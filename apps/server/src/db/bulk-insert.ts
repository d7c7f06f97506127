import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isMainThread } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { yieldToRequests } from '../jobs/yield-to-requests.ts';
import { pgPoolOf } from './database.ts';
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
  /**
   * The row the rows belong to, where the table has no foreign key to it (PostgreSQL's result
   * tables, migration 000053): locked FOR KEY SHARE once before the rows are written, as the
   * key's check did per row, so rows are never written for a row that is gone (an error).
   * Inside a caller's transaction the caller locks it.
   */
  parent?: { table: 'tax_calculations'; id: number };
}

/** A cell: text, a number, a flag or nothing. */
export type Cell = string | number | boolean | null;

/**
 * Rows per short SQLite transaction. On the server's thread a few milliseconds each, then
 * waiting requests get a turn; in a worker thread (a calculation on its own connection) no
 * requests wait on this thread, only other writers on the lock, for ~0.1 s at most.
 */
const SQLITE_CHUNK = isMainThread ? 2_000 : 20_000;
/** Rows per SQLite INSERT: one statement run per 32 rows stored a 300k-row result 16 % faster. */
const SQLITE_ROWS_PER_RUN = 32;
/** Rows per PostgreSQL INSERT … SELECT FROM unnest (one array parameter per column). */
const PG_CHUNK = 10_000;

/** Characters of COPY text handed to the connection at a time (back-pressure keeps one in memory). */
const COPY_CHUNK_CHARS = 1 << 20;

/** Each table's column types (PostgreSQL), for the unnest arrays' casts. */
const typesOf = new Map<string, Promise<Map<string, string>>>();

async function columnTypes(db: Kysely<Database>, table: string): Promise<Map<string, string>> {
  const schema = await sql<{ s: string }>`select current_schema() as s`.execute(db);
  const key = `${schema.rows[0]?.s}.${table}`;
  let found = typesOf.get(key);
  if (!found) {
    found = sql<{ column_name: string; udt_name: string }>`select column_name, udt_name
      from information_schema.columns where table_schema = current_schema() and table_name = ${table}`
      .execute(db)
      .then((r) => new Map(r.rows.map((c) => [c.column_name, c.udt_name])));
    typesOf.set(key, found);
    found.catch(() => typesOf.delete(key));
  }
  return found;
}

const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

function insertStatement(
  sqlite: SQLite.Database,
  table: string,
  columns: readonly string[],
  rows: number,
): SQLite.Statement {
  let byTable = statements.get(sqlite);
  if (!byTable) {
    byTable = new Map();
    statements.set(sqlite, byTable);
  }
  const sql = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${Array(rows)
    .fill(`(${columns.map(() => '?').join(', ')})`)
    .join(', ')}`;
  let statement = byTable.get(sql);
  if (!statement) {
    statement = sqlite.prepare(sql);
    byTable.set(sql, statement);
  }
  return statement;
}

/**
 * Copies one row's `count` cells into `params` from `at` (a missing cell is null, as on
 * PostgreSQL; the array is reused, so every cell is written); better-sqlite3 binds no booleans.
 */
function putSqliteCells(params: Cell[], at: number, row: Cell[], count: number): void {
  for (let k = 0; k < count; k++) {
    const value = row[k] ?? null;
    params[at + k] = typeof value === 'boolean' ? Number(value) : value;
  }
}

/**
 * Inserts one row per item (`cells` gives its values in `columns` order), a chunk at a time
 * with a turn for waiting requests between chunks. On SQLite prepared statements of 32 rows
 * each run inside a short transaction, compiled once per table (storing a 300k-row
 * calculation's results: 10.5 s through Kysely compiling many-row VALUES queries, 7.1 s with
 * one prepared statement per row). On PostgreSQL, one COPY … FROM STDIN per call on a client of
 * its own (`copyRows`); inside a caller's transaction (no client of ours to use), 10,000 rows per
 * INSERT … SELECT FROM unnest with one array parameter per column.
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
    const many = insertStatement(sqlite, table, columns, SQLITE_ROWS_PER_RUN);
    const one = insertStatement(sqlite, table, columns, 1);
    const manyParams = new Array<Cell>(SQLITE_ROWS_PER_RUN * columns.length);
    const oneParams = new Array<Cell>(columns.length);
    const write = (chunk: readonly S[]) => {
      let r = 0;
      for (; r + SQLITE_ROWS_PER_RUN <= chunk.length; r += SQLITE_ROWS_PER_RUN) {
        for (let k = 0; k < SQLITE_ROWS_PER_RUN; k++)
          putSqliteCells(manyParams, k * columns.length, cells(chunk[r + k]!), columns.length);
        many.run(manyParams);
      }
      for (; r < chunk.length; r++) {
        putSqliteCells(oneParams, 0, cells(chunk[r]!), columns.length);
        one.run(oneParams);
      }
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
  const pool = target.inTransaction ? undefined : pgPoolOf(db);
  if (pool) {
    await copyRows(pool, table, columns, items, cells, target.parent);
    return;
  }
  const types = await columnTypes(db, table);
  const list = columns.map((c) => sql.ref(c));
  // One array parameter per column, unnested in order: the statement's text stays the same
  // size whatever the rows (PostgreSQL parsed and planned a 30,000-parameter VALUES list per
  // chunk: 56 s to store a million-row calculation's results).
  for (const c of columns) if (!types.has(c)) throw new Error(`bulkInsert: ${table} has no column ${c}`);
  for (let i = 0; i < items.length; i += PG_CHUNK) {
    const chunk = items.slice(i, i + PG_CHUNK);
    const values: Cell[][] = columns.map(() => new Array<Cell>(chunk.length));
    chunk.forEach((item, r) => {
      const row = cells(item);
      for (let k = 0; k < columns.length; k++) values[k]![r] = row[k] ?? null;
    });
    const params = columns.map((c, k) => sql`${sql.val(values[k])}::${sql.raw(`${types.get(c)}[]`)}`);
    const names = columns.map((_, k) => sql.ref(`c${k}`));
    await sql`insert into ${sql.table(table)} (${sql.join(list)})
      select ${sql.join(names)} from unnest(${sql.join(params)}) with ordinality
        as u(${sql.join(names)}, lotwise_ord) order by lotwise_ord`.execute(db);
    await yieldToRequests();
  }
}

/**
 * PostgreSQL's COPY … FROM STDIN (text format) of every item, streamed in ~1 MiB pieces: no
 * statement to parse or plan per chunk and no parameter arrays to build (storing a million-row
 * calculation's ~1M result rows through 10,000-row INSERT … unnest statements spent two thirds
 * of its time in them). One COPY is one statement: a failure stores none of the call's rows.
 */
async function copyRows<S>(
  pool: pg.Pool,
  table: string,
  columns: readonly string[],
  items: readonly S[],
  cells: (item: S) => Cell[],
  parent?: BulkTarget['parent'],
): Promise<void> {
  if (items.length === 0) return;
  const client = await pool.connect();
  let failed = false;
  try {
    const names = columns.map((c) => `"${c}"`).join(', ');
    if (parent) {
      await client.query('begin');
      const found = await client.query(`select 1 from "${parent.table}" where id = $1 for key share`, [
        parent.id,
      ]);
      if (found.rowCount !== 1) throw new Error(`${table}: ${parent.table} ${parent.id} is gone`);
    }
    const copy = client.query(copyFrom(`copy "${table}" (${names}) from stdin`));
    await pipeline(Readable.from(copyText(items, cells, columns.length)), copy);
    if (parent) await client.query('commit');
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A connection whose COPY failed part-way is not handed to anyone else.
    client.release(failed);
  }
}

/** The rows as COPY text: tab-separated cells, \N for null, t/f, one line per row. */
function* copyText<S>(items: readonly S[], cells: (item: S) => Cell[], width: number): Generator<string> {
  let text = '';
  for (let i = 0; i < items.length; i++) {
    const row = cells(items[i]!);
    for (let k = 0; k < width; k++) {
      if (k > 0) text += '\t';
      text += copyCell(row[k] ?? null);
    }
    text += '\n';
    if (text.length >= COPY_CHUNK_CHARS) {
      yield text;
      text = '';
    }
  }
  if (text !== '') yield text;
}

/** Backslash, tab, newline and carriage return escaped as COPY's text format wants them. */
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export function copyCell(value: Cell): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return COPY_SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : value;
}
