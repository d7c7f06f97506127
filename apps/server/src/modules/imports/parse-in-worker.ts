import { Worker } from 'node:worker_threads';
import type { RowError } from '@lotwise/contracts/normalised';
import type { StreamSummary } from '@lotwise/importers/parse-stream';
import type { ParseUploadInput, UploadSink } from './parse-upload.ts';
import type { StagedValues } from './staged-row.ts';

export type WorkerMessage =
  /** The batch as JSON: one string crosses threads cheaper than a clone of its many cells. */
  | { type: 'rows'; rows: string; bytesRead: number }
  | { type: 'errors'; errors: RowError[] }
  | { type: 'skipped'; count: number }
  | { type: 'done'; summary: StreamSummary }
  | { type: 'failed'; message: string };

/**
 * parseUpload on a worker thread: the sink runs here, on the main thread, one message at a
 * time and in order; each stored batch is acknowledged so the worker may read on.
 */
export function parseInWorker(
  input: ParseUploadInput,
  sink: Pick<UploadSink, 'rows' | 'errors'> & { skipped(count: number): void },
): Promise<StreamSummary> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse-worker-boot.mjs', import.meta.url), { workerData: input });
    let settled = false;
    const finish = (error: Error | null, summary?: StreamSummary) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (error) reject(error);
      else resolve(summary as StreamSummary);
    };
    // Messages are handled strictly one after another: a batch is stored before the next.
    let queue = Promise.resolve();
    worker.on('message', (message: WorkerMessage) => {
      queue = queue
        .then(async () => {
          if (settled) return;
          switch (message.type) {
            case 'rows':
              await sink.rows(JSON.parse(message.rows) as StagedValues[], message.bytesRead);
              break;
            case 'errors':
              await sink.errors(message.errors);
              break;
            case 'skipped':
              sink.skipped(message.count);
              break;
            case 'done':
              finish(null, message.summary);
              return;
            case 'failed':
              finish(new Error(`Parse worker failed: ${message.message}`));
              return;
          }
          worker.postMessage('ack');
        })
        .catch((error: unknown) => finish(error instanceof Error ? error : new Error(String(error))));
    });
    worker.once('error', (error) => finish(error));
    worker.once('exit', (code) => {
      if (!settled) finish(new Error(`Parse worker stopped (exit code ${code})`));
    });
  });
}
