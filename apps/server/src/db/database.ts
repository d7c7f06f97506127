import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.ts';
import type { Database } from './schema.ts';
import { SqliteBooleanPlugin } from './sqlite-boolean-plugin.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  url: string;
  /** PostgreSQL schema in use, when not the default. */
  schema?: string | undefined;
  /**
   * The embedded database itself, for the few bulk paths where a prepared statement run
   * row by row beats building one large query (import staging).
   */
  sqlite?: SQLite.Database;
  /**
   * Threads of this process that hold the embedded database's write lock on a connection of
   * their own (the import writer). While any does, optional writes (a session's sliding
   * expiry) are skipped rather than made to wait on this thread.
   */
  sideWriters: { count: number };
  close(): Promise<void>;
}

// int8 (counts, bigint ids) as JS numbers: safe below 2^53, which row counts never reach.
// NUMERIC stays a string so money is never turned into a float.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface OpenOptions {
  /** PostgreSQL only: schema to use (created if missing); tests give each suite its own. */
  schema?: string;
}

/** Each PostgreSQL Kysely instance's pool, for the bulk paths that need a client of their own (COPY). */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The pool under `db` when it is a PostgreSQL database opened here (not a transaction of it). */
export function pgPoolOf(db: Kysely<Database>): pg.Pool | undefined {
  return pools.get(db);
}

/** Opens the database named by a URL: `sqlite:<file>` / `sqlite::memory:` or `postgres://...`. */
export function openDatabase(url: string, options: OpenOptions = {}): Db {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const kysely = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
    pools.set(kysely, pool);
    return {
      kysely,
      dialect: 'postgres',
      url,
      schema: options.schema,
      sideWriters: { count: 0 },
      close: () => kysely.destroy(),
    };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // The import writer (modules/imports/import-writer.ts) holds the write lock while it moves a
  // large upload into transactions (seconds at a million rows); a write meanwhile waits for it.
  sqlite.pragma('busy_timeout = 60000');
  // Random-order dedupe keys make the unique index's inserts touch pages all over it; the
  // default 2 MB page cache turns a large import into disk-bound work.
  sqlite.pragma('cache_size = -262144');
  sqlite.pragma('temp_store = MEMORY');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new SqliteBooleanPlugin()],
  });
  return { kysely, dialect: 'sqlite', url, sqlite, sideWriters: { count: 0 }, close: () => kysely.destroy() };
}
