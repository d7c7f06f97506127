import { MessageChannel, Worker } from 'node:worker_threads';
import type { RunOutcome } from './finish-import.ts';
import type { WriterData, WriterMessage } from './import-writer.ts';
import type { ParseUploadInput } from './parse-upload.ts';
import { superviseWorkers } from './supervise-workers.ts';

/** The main thread's part while the workers run: relay progress as the writer reports it. */
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
  return superviseWorkers<WriterMessage, RunOutcome>(
    [
      [writer, 'Import writer'],
      [parser, 'Parse worker'],
    ],
    async (message) => {
      switch (message.type) {
        case 'progress':
          await host.progress(message.bytesRead);
          return undefined;
        case 'finishing':
          await host.finishing();
          return undefined;
        case 'done':
          return { done: message.outcome };
        case 'failed':
          return { failed: new Error(`Import writer failed: ${message.message}`) };
      }
    },
  );
}
