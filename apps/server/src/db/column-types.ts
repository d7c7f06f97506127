import type { ColumnType } from 'kysely';

/**
 * The column types every table file shares (schema.ts and its split files import them from
 * here, so no table file imports another). Booleans are real booleans on PostgreSQL and 0/1 on
 * SQLite; the sqlite boolean plugin converts what we write, and repos read them through
 * Boolean(). Timestamps are ISO-8601 UTC strings in both dialects, so they sort as text and
 * never go through a driver's time-zone conversion.
 */
export type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
export type Timestamp = string;

/** Decimal columns: NUMERIC on PostgreSQL (read back as strings), TEXT on SQLite. */
export type DecimalText = string;
