/**
 * Runs the engine in a worker thread so a calculation of a million transactions never
 * blocks the server's request thread. Started through calc-worker-boot.mjs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { calculate } from '@lotwise/engine/calculate';
import { matchTransfers } from '@lotwise/engine/transfer-matching';
import type { CalculateOptions, EngineTransaction } from '@lotwise/engine/types';

const { transactions, options, matched } = workerData as {
  transactions: EngineTransaction[];
  options: CalculateOptions;
  matched: boolean;
};
try {
  const result = calculate(matched ? transactions : matchTransfers(transactions), options);
  parentPort?.postMessage({ ok: true, result });
} catch (error) {
  parentPort?.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
}
