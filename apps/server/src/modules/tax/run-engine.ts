import type { CalculateOptions, CalculationResult, EngineTransaction } from '@lotwise/engine/types';
import type { PriceTableData } from '@lotwise/prices/price-table';
import type { PriceNeed } from '@lotwise/prices/types';
import { yieldToRequests } from '../../jobs/yield-to-requests.ts';
import { KeptWorker } from './kept-worker.ts';
import type { OwnConnectionCalc, OwnConnectionHost, OwnConnectionOutcome } from './own-connection-calc.ts';
import { ResultAssembler, type ResultPart, SLICE } from './result-parts.ts';

type Reply =
  | { id: number; part: ResultPart }
  | { id: number; needs: PriceNeed[] }
  | { id: number; progress: { percent: number; message: string } }
  | { id: number; ok: true; result: CalculationResult }
  | { id: number; ok: true; outcome: OwnConnectionOutcome }
  | { id: number; ok: false; error: string };

/** Slices of results still arriving, per calculation id. */
const arriving = new Map<number, ResultAssembler>();

/** Calculations on the worker's own connection: who prices their rows and hears their progress. */
const hosts = new Map<number, OwnConnectionHost>();

/** The engine's worker thread (calc-worker.ts), kept for the process. */
const engine = new KeptWorker<CalculationResult | OwnConnectionOutcome>(
  new URL('./calc-worker-boot.mjs', import.meta.url),
  { resourceLimits: { maxOldGenerationSizeMb: 4096 } },
  'Tax calculation',
  (message, worker, settle) => {
    const reply = message as Reply;
    if ('needs' in reply) {
      const host = hosts.get(reply.id);
      if (!host) return;
      host.price(reply.needs).then(
        (priced) => worker.postMessage({ id: reply.id, priced }),
        (error: unknown) =>
          worker.postMessage({
            id: reply.id,
            priceError: error instanceof Error ? error.message : String(error),
          }),
      );
      return;
    }
    if ('progress' in reply) {
      hosts.get(reply.id)?.progress(reply.progress.percent, reply.progress.message);
      return;
    }
    if ('outcome' in reply) {
      settle(reply.id, { value: reply.outcome });
      return;
    }
    if ('part' in reply) {
      arriving.get(reply.id)?.add(reply.part);
      // Ask for the next slice once waiting requests have had their turn (result-parts.ts).
      setImmediate(() => worker.postMessage({ taken: reply.id }));
      return;
    }
    // runEngineInWorker forgets the slices once the calculation settles, or if the worker dies.
    const parts = arriving.get(reply.id);
    if (!reply.ok) {
      settle(reply.id, { error: new Error(`Tax calculation failed: ${reply.error}`) });
      return;
    }
    try {
      settle(reply.id, { value: (parts ?? new ResultAssembler()).assemble(reply.result) });
    } catch (error) {
      settle(reply.id, { error: error instanceof Error ? error : new Error(String(error)) });
    }
  },
);

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
  /** Resolved prices (calc-prices.ts); the engine's `prices` lookup is built from them in the worker. */
  prices: PriceTableData | null = null,
): Promise<CalculationResult> {
  const { id, worker, done } = engine.start();
  arriving.set(id, new ResultAssembler());
  for (let i = 0; i < transactions.length; i += SLICE) {
    worker.postMessage({ id, rows: transactions.slice(i, i + SLICE) });
    await yieldToRequests();
  }
  worker.postMessage({ id, options, matched, prices });
  return (await done.finally(() => arriving.delete(id))) as CalculationResult;
}

/**
 * A calculation the worker reads, runs and stores on a connection of its own
 * (own-connection-calc.ts); this thread prices its rows and relays its progress.
 */
export async function calculateInWorker(
  job: OwnConnectionCalc,
  host: OwnConnectionHost,
): Promise<OwnConnectionOutcome> {
  const { id, worker, done } = engine.start();
  hosts.set(id, host);
  worker.postMessage({ id, ownConnection: job });
  return (await done.finally(() => hosts.delete(id))) as OwnConnectionOutcome;
}
