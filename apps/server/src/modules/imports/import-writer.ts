import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { StreamSummary } from '@lotwise/importers/parse-stream';
import { openDatabase } from '../../db/database.ts';
import { finishRun, type RunOutcome } from './finish-import.ts';
import { ImportStore } from './import-store.ts';
import { ImportsRepo } from './imports.repo.ts';
import type { WorkerMessage } from './parse-in-worker.ts';
import type { ParseUploadInput } from './parse-upload.ts';
import type { StagedValues } from './staged-row.ts';

/** What the main thread gives the writer. */
export interface WriterData {
  input: ParseUploadInput;
  /** The embedded database's URL (a file: the writer opens its own connection to it). */
  dbUrl: string;
  accountName: string;
  /** Where the parse worker's batches arrive (see parse-worker.ts). */
  port: MessagePort;
}

/** What the writer tells the main thread. */
export type WriterMessage =
  | { type: 'progress'; bytesRead: number }
  /** Every batch is stored; the writer is finishing the run. */
  | { type: 'finishing' }
  | { type: 'done'; outcome: RunOutcome }
  | { type: 'failed'; message: string };

/**
 * The import writer (SQLite): on a connection of its own, rows are staged as the parse
 * worker hands them over, each batch in a short transaction of its own, then moved into
 * transactions with the counts and statuses in one database transaction. Parsing and
 * writing overlap on two threads; the main thread goes on serving requests and reads see
 * the import whole or not at all. Between batches the write lock is free: another user's
 * job, or a request, writes without waiting for the whole import (issue 29.9; it once held
 * one transaction for the whole run, and everyone else's writes waited for its commit).
 * A crash leaves staged rows that the re-run clears.
 */
const main = parentPort;
if (!main) throw new Error('import-writer must run in a worker thread');
const { input, dbUrl, accountName, port } = workerData as WriterData;
const db = openDatabase(dbUrl);
const sqlite = (() => {
  if (!db.sqlite) throw new Error('import-writer needs the embedded database');
  return db.sqlite;
})();
const store = new ImportStore(db.kysely, sqlite);
const repo = new ImportsRepo(db.kysely);
let skipped = 0;

const post = (message: WriterMessage) => main.postMessage(message);

async function finish(summary: StreamSummary): Promise<void> {
  post({ type: 'finishing' });
  const outcome = await finishRun(store, repo, {
    fileId: input.fileId,
    historyId: input.historyId,
    userId: input.userId,
    accountName,
    summary,
    skipped,
    limit: input.transactionLimit ?? null,
  });
  await db.close();
  post({ type: 'done', outcome });
}

async function handle(message: WorkerMessage): Promise<void> {
  switch (message.type) {
    case 'rows':
      await store.stageRows(JSON.parse(message.rows) as StagedValues[]);
      post({ type: 'progress', bytesRead: message.bytesRead });
      break;
    case 'errors':
      await store.addErrors(input.fileId, message.errors);
      break;
    case 'skipped':
      skipped += message.count;
      break;
    case 'done':
      return finish(message.summary);
    case 'failed':
      throw new Error(`Parse worker failed: ${message.message}`);
  }
  port.postMessage('ack');
}

// Batches are stored strictly one after another, in file order.
let queue = Promise.resolve();
port.on('message', (message: WorkerMessage) => {
  queue = queue
    .then(() => handle(message))
    .catch((error: unknown) => {
      if (sqlite.inTransaction) sqlite.exec('rollback');
      post({
        type: 'failed',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    });
});
