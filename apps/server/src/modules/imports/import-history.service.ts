import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ImportsRepo } from './imports.repo.ts';

/**
 * What the other modules (wallets, exchange and OAuth connections, the aggregator) may do with
 * an import's records: open a history, attach a file to it, find it and set its status. The
 * rest of the imports repository stays inside this module.
 */
export type ImportHistory = Pick<
  ImportsRepo,
  'createHistory' | 'findHistory' | 'setHistoryStatus' | 'createFile'
>;

/** The import records of `db` (the database, or a transaction of it). */
export function importHistory(db: Kysely<Database>): ImportHistory {
  return new ImportsRepo(db);
}
