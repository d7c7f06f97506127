import { Worker } from 'node:worker_threads';
import type { RowError } from '@lotwise/contracts/normalised';
import type { StreamSummary } from '@lotwise/importers/parse-stream';
import type { ParseUploadInput, UploadSink } from './parse-upload.ts';
import type { StagedValues } from './staged-row.ts';
import { superviseWorkers } from './supervise-workers.ts';

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
  const worker = new Worker(new URL('./parse-worker-boot.mjs', import.meta.url), { workerData: input });
  return superviseWorkers<WorkerMessage, StreamSummary>([[worker, 'Parse worker']], async (message) => {
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
        return { done: message.summary };
      case 'failed':
        return { failed: new Error(`Parse worker failed: ${message.message}`) };
    }
    worker.postMessage('ack');
    return undefined;
  });
}
