import { createReadStream } from 'node:fs';
import SQLite from 'better-sqlite3';
import { parse } from 'csv-parse';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';

/**
 * The strict floor to compare against: stream the CSV through csv-parse and insert every row
 * with one prepared statement in one transaction, with no validation or normalisation.
 */
export async function bareImport(csvFile: string, dbFile: string): Promise<number> {
  const db = new SQLite(dbFile);
  db.pragma('journal_mode = WAL');
  db.exec(`create table rows (
    id integer primary key autoincrement, date text, sent_amount text, sent_currency text,
    received_amount text, received_currency text, fee_amount text, fee_currency text,
    worth_amount text, worth_currency text, label text, description text, tx_hash text)`);
  const insert = db.prepare('insert into rows values (null, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  let count = 0;
  db.exec('begin');
  const parser = createReadStream(csvFile).pipe(parse({ from_line: 2, relax_column_count: true }));
  for await (const record of parser as AsyncIterable<string[]>) {
    insert.run(...record.slice(0, 12));
    count++;
  }
  db.exec('commit');
  db.close();
  return count;
}

/**
 * The same floor with the rows going where Lotwise puts them: Lotwise's own `transactions`
 * table (migrated schema, all its list indexes) in a fresh database, each CSV cell bound
 * as it is — still no validation, normalisation, dedupe keys, staging or job.
 */
export async function bareImportIntoTransactions(csvFile: string, dbFile: string): Promise<number> {
  const db = openDatabase(`sqlite:${dbFile}`);
  await migrateToLatest(db);
  const sqlite = db.sqlite as SQLite.Database;
  const now = new Date().toISOString();
  const user = sqlite
    .prepare(
      `insert into users (uuid, email, password_hash, roles, country_code, currency, timezone, created_at, updated_at)
       values ('bare', 'bare@example.com', 'x', 'customer', 'US', 'USD', 'UTC', ?, ?)`,
    )
    .run(now, now).lastInsertRowid;
  const history = sqlite
    .prepare(
      `insert into import_histories (user_id, account_name, account_slug, type, import_status, created_at, updated_at)
       values (?, 'Bare', 'koinly', 'csv', 'complete', ?, ?)`,
    )
    .run(user, now, now).lastInsertRowid;
  const insert = sqlite.prepare(
    `insert into transactions (user_id, import_history_id, dedupe_key, timestamp, kind, sent_amount, sent_asset,
       received_amount, received_asset, fee_amount, fee_asset, fiat_value, fiat_currency, label, note, tx_hash,
       source_lines, created_at, updated_at)
     values (?, ?, ?, ?, 'transfer', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let count = 0;
  sqlite.exec('begin');
  const parser = createReadStream(csvFile).pipe(parse({ from_line: 2, relax_column_count: true }));
  for await (const record of parser as AsyncIterable<string[]>) {
    count++;
    const line = String(count + 1);
    insert.run(user, history, line, ...record.slice(0, 12), line, now, now);
  }
  sqlite.exec('commit');
  await db.close();
  return count;
}
