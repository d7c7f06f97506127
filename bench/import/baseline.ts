import { createReadStream } from 'node:fs';
import SQLite from 'better-sqlite3';
import { parse } from 'csv-parse';

/**
 * The floor to compare against: stream the CSV through csv-parse and insert every row
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
