import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { WorkerMessage } from './parse-in-worker.ts';
import { type ParseUploadInput, parseUpload } from './parse-upload.ts';

/**
 * The parse worker: reads and parses an upload on its own thread while another thread
 * stores the previous batches, so parsing and storing overlap. Its batches go to the main
 * thread, or, when it is given a port, straight to the import writer (import-writer.ts).
 * At most MAX_IN_FLIGHT batches wait to be stored (each acknowledged when stored): memory
 * stays flat.
 */
const MAX_IN_FLIGHT = 4;

const data = workerData as ParseUploadInput & { port?: MessagePort };
const port = data.port ?? parentPort;
if (!port) throw new Error('parse-worker must run in a worker thread');

let inFlight = 0;
let wake: (() => void) | null = null;
port.on('message', (message: 'ack') => {
  if (message !== 'ack') return;
  inFlight--;
  wake?.();
  wake = null;
});

async function send(message: WorkerMessage): Promise<void> {
  port!.postMessage(message);
  inFlight++;
  while (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
}

const { port: _port, ...input } = data;
try {
  const summary = await parseUpload(input, {
    rows: (rows, bytesRead) => send({ type: 'rows', rows: JSON.stringify(rows), bytesRead }),
    errors: (errors) => send({ type: 'errors', errors }),
    skipped: (skipped) => send({ type: 'skipped', count: skipped.length }),
  });
  port.postMessage({ type: 'done', summary } satisfies WorkerMessage);
} catch (error) {
  port.postMessage({
    type: 'failed',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  } satisfies WorkerMessage);
}
// The thread stays alive on its port until the main thread, told the run is over, ends it.
