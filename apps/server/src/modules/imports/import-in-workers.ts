import { MessageChannel, Worker } from 'node:worker_threads';
import type { RunOutcome } from './finish-import.ts';
import type { WriterData, WriterMessage } from './import-writer.ts';
import type { ParseUploadInput } from './parse-upload.ts';

/** The main thread's part while the workers run: report progress, and say when to commit. */
export interface WorkersHost {
  progress(bytesRead: number): Promise<void>;
  /** Every batch is stored; the writer is finishing the run. */
  finishing(): Promise<void>;
}

/**
 * A whole import run off the main thread (embedded SQLite in a file): the parse worker
 * hands its batches straight to the import writer over a channel of their own, so parsing
 * one batch overlaps with storing the previous one and the main thread only relays progress.
 * Resolves with the writer's outcome; both threads are ended when the run is over.
 */
export function importInWorkers(
  input: ParseUploadInput,
  target: Omit<WriterData, 'input' | 'port'>,
  host: WorkersHost,
): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const writerData: WriterData = { input, ...target, port: channel.port2 };
    const writer = new Worker(new URL('./import-writer-boot.mjs', import.meta.url), {
      workerData: writerData,
      transferList: [channel.port2],
    });
    const parser = new Worker(new URL('./parse-worker-boot.mjs', import.meta.url), {
      workerData: { ...input, port: channel.port1 },
      transferList: [channel.port1],
    });
    let settled = false;
    const finish = (error: Error | null, outcome?: RunOutcome) => {
      if (settled) return;
      settled = true;
      void parser.terminate();
      void writer.terminate();
      if (error) reject(error);
      else resolve(outcome as RunOutcome);
    };
    let queue = Promise.resolve();
    writer.on('message', (message: WriterMessage) => {
      queue = queue
        .then(async () => {
          if (settled) return;
          switch (message.type) {
            case 'progress':
              return host.progress(message.bytesRead);
            case 'finishing':
              return host.finishing();
            case 'done':
              return finish(null, message.outcome);
            case 'failed':
              return finish(new Error(`Import writer failed: ${message.message}`));
          }
        })
        .catch((error: unknown) => finish(error instanceof Error ? error : new Error(String(error))));
    });
    for (const [worker, name] of [
      [writer, 'Import writer'],
      [parser, 'Parse worker'],
    ] as const) {
      worker.once('error', (error) => finish(error));
      worker.once('exit', (code) => {
        if (!settled) finish(new Error(`${name} stopped (exit code ${code})`));
      });
    }
  });
}
