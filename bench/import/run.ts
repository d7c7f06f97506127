/**
 * bench/import: a large universal CSV imported by Lotwise's real pipeline on SQLite
 * (upload stored on disk → import job → parse worker → import writer → staging → one
 * INSERT … SELECT), against a bare
 * csv-parse + prepared-statement insert of the same rows.
 *
 *   npx tsx bench/import/run.ts [--rows 1000000] [--lotwise-only]
 */
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { formatMs, measure } from '../support/measure.ts';
import { bareImport, bareImportIntoTransactions } from './baseline.ts';
import { writeUniversalCsv } from './generate.ts';

const rowsArg = process.argv.indexOf('--rows');
const ROWS = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : 1_000_000;

const dir = await mkdtemp(path.join(tmpdir(), 'lotwise-bench-import-'));
const csvFile = path.join(dir, 'universal.csv');
await writeUniversalCsv(csvFile, ROWS);
const sizeMb = (await stat(csvFile)).size / 1024 / 1024;
console.log(`rows: ${ROWS.toLocaleString('en-US')}  file: ${sizeMb.toFixed(1)} MB  (${csvFile})`);

// --lotwise-only: skip the floors, so the import's peak memory is its own (RSS seldom shrinks).
const lotwiseOnly = process.argv.includes('--lotwise-only');
const none = { ms: Number.NaN, peakRssMb: Number.NaN, result: 0 };
const bare = lotwiseOnly ? none : await measure(() => bareImport(csvFile, path.join(dir, 'bare.db')));
console.log(
  `bare csv-parse + prepared insert, unindexed 12-column table: ${formatMs(bare.ms)}  peak RSS ${bare.peakRssMb.toFixed(0)} MB`,
);
const bareTx = lotwiseOnly
  ? none
  : await measure(() => bareImportIntoTransactions(csvFile, path.join(dir, 'bare-tx.db')));
console.log(
  `bare csv-parse + prepared insert into Lotwise's transactions table (its indexes): ${formatMs(bareTx.ms)}  ` +
    `peak RSS ${bareTx.peakRssMb.toFixed(0)} MB`,
);

const config = {
  ...loadConfig({
    DATA_DIR: path.join(dir, 'lotwise'),
    LOG_LEVEL: 'silent',
    // IMPORT_WORKER_MIN_BYTES=999999999999 compares with parsing on the main thread.
    ...(process.env.IMPORT_WORKER_MIN_BYTES
      ? { IMPORT_WORKER_MIN_BYTES: process.env.IMPORT_WORKER_MIN_BYTES }
      : {}),
  }),
  webDist: undefined,
};
const server = await createServer(config, { logger: false, mailer: { send: async () => {} } });
const { ctx } = server;
const now = new Date().toISOString();
const user = await ctx.users.insert({
  uuid: 'bench-user',
  email: 'bench@example.com',
  password_hash: 'x',
  username: null,
  first_name: null,
  last_name: null,
  roles: 'customer',
  country_code: 'US',
  currency: 'USD',
  timezone: 'UTC',
  mfa_secret: null,
  mfa_pending_secret: null,
  bulk_edit_preference: null,
  created_at: now,
  updated_at: now,
});
const { ImportsRepo } = await import('../../apps/server/src/modules/imports/imports.repo.ts');
const repo = new ImportsRepo(ctx.db.kysely);
const history = await repo.createHistory({
  userId: user.id,
  name: 'Universal CSV',
  slug: 'koinly',
  type: 'csv',
  customName: null,
  usBased: false,
  walletAddress: null,
});
const stored = path.join(config.dataDir, 'upload.csv');
await copyFile(csvFile, stored);

const lotwise = await measure(async () => {
  const file = await repo.createFile({
    userId: user.id,
    historyId: history.id,
    fileName: 'universal.csv',
    storagePath: stored,
    sha256: 'bench',
    sizeBytes: (await stat(stored)).size,
    format: 'koinly-universal',
  });
  await ctx.jobs.enqueue('import.parse', user.id, { fileId: file.id, format: 'koinly-universal' });
  await ctx.jobs.idle();
  return repo.findFile(user.id, file.id);
});
const outcome = lotwise.result;
console.log(
  `lotwise import job: ${formatMs(lotwise.ms)}  peak RSS ${lotwise.peakRssMb.toFixed(0)} MB  ` +
    `(status ${outcome?.status}, added ${outcome?.rows_added}, errors ${outcome?.error_count})`,
);
console.log(`ratio lotwise / bare into the unindexed table: ${(lotwise.ms / bare.ms).toFixed(2)}×`);
console.log(
  `ratio lotwise / bare into the transactions table: ${(lotwise.ms / bareTx.ms).toFixed(2)}×  (target ≤ 2×)`,
);
await server.close();
await rm(dir, { recursive: true, force: true });
