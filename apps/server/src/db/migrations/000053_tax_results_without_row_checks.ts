import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.ts';

/** The result tables a calculation fills with one row per line, warning or flagged transaction. */
const TABLES = ['tax_disposals', 'tax_income', 'tax_holdings', 'tax_warnings', 'tax_transaction_status'];

/**
 * PostgreSQL checks a foreign key with a trigger and a query per inserted row: storing a
 * million-row calculation's ~1.3M result rows spent most of its time there (500k warnings
 * inserted: 16.4 s with the key, 6.2 s without, this machine). On PostgreSQL the five big
 * result tables lose their key to `tax_calculations`; what it did stays done:
 * - deleting a calculation (or its user, by cascade) deletes its results: a statement
 *   trigger on `tax_calculations` does what ON DELETE CASCADE did;
 * - no result row for a calculation that is gone: each write locks the calculation's row
 *   (FOR KEY SHARE, what the key's check did per row) once before it writes
 *   (db/bulk-insert.ts `parent`, incremental/store-incremental.ts).
 * SQLite's check is a lookup inside the insert itself; its tables keep the key.
 */
export async function up(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) {
    const keys = await sql<{ name: string }>`select c.conname as name from pg_constraint c
      where c.contype = 'f' and c.conrelid = ${sql.raw(`'${table}'::regclass`)}
        and c.confrelid = 'tax_calculations'::regclass`.execute(db);
    for (const { name } of keys.rows)
      await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}`.execute(db);
  }
  await sql`create function tax_calculations_delete_results() returns trigger
    language plpgsql set search_path from current as $$
    begin
      ${sql.raw(TABLES.map((t) => `delete from ${t} where calc_id in (select id from gone);`).join('\n      '))}
      return null;
    end $$`.execute(db);
  await sql`create trigger tax_calculations_delete_results after delete on tax_calculations
    referencing old table as gone for each statement
    execute function tax_calculations_delete_results()`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger tax_calculations_delete_results on tax_calculations`.execute(db);
  await sql`drop function tax_calculations_delete_results()`.execute(db);
  for (const table of TABLES) {
    await sql`delete from ${sql.table(table)} r where not exists
      (select 1 from tax_calculations c where c.id = r.calc_id)`.execute(db);
    await sql`alter table ${sql.table(table)} add foreign key (calc_id)
      references tax_calculations (id) on delete cascade`.execute(db);
  }
}
