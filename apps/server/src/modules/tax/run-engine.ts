import { Worker } from 'node:worker_threads';
import type { CalculateOptions, CalculationResult, EngineTransaction } from '@lotwise/engine/types';
import { yieldToRequests } from '../../jobs/yield-to-requests.ts';
import { ResultAssembler, type ResultPart, SLICE } from './result-parts.ts';

type Reply =
  | { id: number; part: ResultPart }
  | { id: number; ok: true; result: CalculationResult }
  | { id: number; ok: false; error: string };

interface Pending {
  resolve: (result: CalculationResult) => void;
  reject: (error: Error) => void;
  parts: ResultAssembler;
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
    if ('part' in reply) {
      p?.parts.add(reply.part);
      // Ask for the next slice once waiting requests have had their turn (result-parts.ts).
      setImmediate(() => started.postMessage({ taken: reply.id }));
      return;
    }
    pending.delete(reply.id);
    if (pending.size === 0) started.unref();
    if (!p) return;
    if (!reply.ok) {
      p.reject(new Error(`Tax calculation failed: ${reply.error}`));
      return;
    }
    try {
      p.resolve(p.parts.assemble(reply.result));
    } catch (error) {
      p.reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`Tax calculation worker stopped (exit code ${code})`)));
  worker = started;
  return started;
}

/**
 * One calculation in the engine worker; resolves with the engine's result. The rows go over
 * in slices with a turn for waiting requests between them: encoding a message holds the
 * server's thread, ~0.3 s for 100k rows in one.
 */
export async function runEngineInWorker(
  transactions: EngineTransaction[],
  options: CalculateOptions,
  /** The rows already carry their transfer pairs (a resumed run gets them from the whole history). */
  matched = false,
): Promise<CalculationResult> {
  const id = nextId++;
  const w = engineWorker();
  const result = new Promise<CalculationResult>((resolve, reject) => {
    pending.set(id, { resolve, reject, parts: new ResultAssembler() });
  });
  w.ref();
  for (let i = 0; i < transactions.length; i += SLICE) {
    w.postMessage({ id, rows: transactions.slice(i, i + SLICE) });
    await yieldToRequests();
  }
  w.postMessage({ id, options, matched });
  return result;
}
