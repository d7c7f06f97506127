/**
 * Runs the engine in a worker thread so a calculation of a million transactions never
 * blocks the server's request thread. Started once through calc-worker-boot.mjs and fed
 * one calculation per message (run-engine.ts).
 */
import { parentPort } from 'node:worker_threads';
import { calculate } from '@lotwise/engine/calculate';
import { matchTransfers } from '@lotwise/engine/transfer-matching';
import type { CalculateOptions, EngineTransaction } from '@lotwise/engine/types';

interface Request {
  id: number;
  transactions: EngineTransaction[];
  options: CalculateOptions;
  matched: boolean;
}

parentPort?.on('message', ({ id, transactions, options, matched }: Request) => {
  try {
    const result = calculate(matched ? transactions : matchTransfers(transactions), options);
    parentPort?.postMessage({ id, ok: true, result });
  } catch (error) {
    parentPort?.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
