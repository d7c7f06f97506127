import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  PostgresAdapter,
  sql,
} from 'kysely';

// Migrations run on Kysely<any>: they are frozen in time and must not depend on the
// app's current table types (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: see above
export type MigrationDb = Kysely<any>;

export function isPostgres(db: MigrationDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Auto-increment integer primary key in either dialect. */
export function withId<T extends string>(db: MigrationDb, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Same, for tables that may hold millions of rows per user. */
export function withBigId<T extends string>(db: MigrationDb, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export function boolDefault(db: MigrationDb, value: boolean) {
  return (c: ColumnDefinitionBuilder) =>
    c.notNull().defaultTo(isPostgres(db) ? sql.lit(value) : sql.lit(value ? 1 : 0));
}

export function boolType(db: MigrationDb) {
  return isPostgres(db) ? 'boolean' : 'integer';
}

/** Exact decimals: NUMERIC on PostgreSQL, TEXT on SQLite (its NUMERIC affinity would turn them into floats). */
export function decimalType(db: MigrationDb) {
  return isPostgres(db) ? 'numeric' : 'text';
}
