import { Worker } from 'node:worker_threads';
import type { CalculateOptions, CalculationResult, EngineTransaction } from '@lotwise/engine/types';

/** One calculation in a worker thread; resolves with the engine's result. */
export function runEngineInWorker(
  transactions: EngineTransaction[],
  options: CalculateOptions,
  /** The rows already carry their transfer pairs (a resumed run gets them from the whole history). */
  matched = false,
): Promise<CalculationResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./calc-worker-boot.mjs', import.meta.url), {
      workerData: { transactions, options, matched },
      resourceLimits: { maxOldGenerationSizeMb: 4096 },
    });
    worker.once(
      'message',
      (message: { ok: true; result: CalculationResult } | { ok: false; error: string }) => {
        if (message.ok) resolve(message.result);
        else reject(new Error(`Tax calculation failed: ${message.error}`));
        void worker.terminate();
      },
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`Tax calculation worker stopped (exit code ${code})`));
    });
  });
}
