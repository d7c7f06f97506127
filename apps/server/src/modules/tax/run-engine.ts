import { Worker } from 'node:worker_threads';
import type { CalculateOptions, CalculationResult, EngineTransaction } from '@lotwise/engine/types';

type Reply = { id: number; ok: true; result: CalculationResult } | { id: number; ok: false; error: string };

interface Pending {
  resolve: (result: CalculationResult) => void;
  reject: (error: Error) => void;
}

/**
 * One engine worker thread kept for the process: starting one (and compiling the engine in
 * it) costs most of a second, more than a small recalculation. Unreferenced while idle so it
 * never keeps the process alive; replaced if it dies.
 */
let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function engineWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./calc-worker-boot.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: 4096 },
  });
  const fail = (error: Error) => {
    if (worker === started) worker = null;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  started.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) started.unref();
    if (!p) return;
    if (reply.ok) p.resolve(reply.result);
    else p.reject(new Error(`Tax calculation failed: ${reply.error}`));
  });
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`Tax calculation worker stopped (exit code ${code})`)));
  worker = started;
  return started;
}

/** One calculation in the engine worker; resolves with the engine's result. */
export function runEngineInWorker(
  transactions: EngineTransaction[],
  options: CalculateOptions,
  /** The rows already carry their transfer pairs (a resumed run gets them from the whole history). */
  matched = false,
): Promise<CalculationResult> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const w = engineWorker();
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, transactions, options, matched });
  });
}
