/**
 * Runs the engine in a worker thread so a calculation of a million transactions never
 * blocks the server's request thread. Started once through calc-worker-boot.mjs; a
 * calculation arrives as slices of rows, then its options (run-engine.ts), and its result
 * goes back in slices (result-parts.ts).
 */
import { parentPort } from 'node:worker_threads';
import { calculate } from '@lotwise/engine/calculate';
import { matchTransfers } from '@lotwise/engine/transfer-matching';
import type { CalculateOptions, EngineTransaction } from '@lotwise/engine/types';
import { type PriceTableData, tableLookup } from '@lotwise/prices/price-table';
import {
  calculateOnOwnConnection,
  type OwnConnectionCalc,
  type PricesForCalc,
} from './own-connection-calc.ts';
import { splitResult } from './result-parts.ts';

type Message =
  | { id: number; rows: EngineTransaction[] }
  | { id: number; options: CalculateOptions; matched: boolean; prices: PriceTableData | null }
  | { id: number; ownConnection: OwnConnectionCalc }
  | { id: number; priced: PricesForCalc }
  | { id: number; priceError: string }
  | { taken: number };

/** Per calculation id: waiting for the server's thread to price the rows. */
const pricing = new Map<number, { resolve: (p: PricesForCalc) => void; reject: (e: Error) => void }>();

/** A calculation on the worker's own connection (own-connection-calc.ts). */
async function runOnOwnConnection(id: number, job: OwnConnectionCalc): Promise<void> {
  const port = parentPort!;
  try {
    const outcome = await calculateOnOwnConnection(job, {
      price: (needs) =>
        new Promise<PricesForCalc>((resolve, reject) => {
          pricing.set(id, { resolve, reject });
          port.postMessage({ id, needs });
        }),
      progress: (percent, message) => port.postMessage({ id, progress: { percent, message } }),
    });
    port.postMessage({ id, ok: true, outcome });
  } catch (error) {
    port.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  } finally {
    pricing.delete(id);
  }
}

/** Per calculation id: the rows received so far. */
const received = new Map<number, EngineTransaction[]>();

/** Per calculation id: called when the server has taken the last slice sent. */
const taken = new Map<number, () => void>();

async function run(
  id: number,
  options: CalculateOptions,
  matched: boolean,
  prices: PriceTableData | null,
): Promise<void> {
  const port = parentPort!;
  const transactions = received.get(id) ?? [];
  received.delete(id);
  try {
    // The resolved prices arrive as a table (a function cannot cross threads).
    const withPrices = prices ? { ...options, prices: tableLookup(prices) } : options;
    // The rows arrived as this thread's copies: pairs are marked on them, not on copies again.
    const input = matched ? transactions : matchTransfers(transactions, { inPlace: true });
    const result = calculate(input, withPrices);
    const { parts, rest } = splitResult(result);
    for (const part of parts) {
      const next = new Promise<void>((resolve) => taken.set(id, resolve));
      port.postMessage({ id, part });
      await next;
    }
    port.postMessage({ id, ok: true, result: rest });
  } catch (error) {
    port.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  } finally {
    taken.delete(id);
  }
}

parentPort?.on('message', (message: Message) => {
  if ('taken' in message) taken.get(message.taken)?.();
  else if ('ownConnection' in message) void runOnOwnConnection(message.id, message.ownConnection);
  else if ('priced' in message) pricing.get(message.id)?.resolve(message.priced);
  else if ('priceError' in message) pricing.get(message.id)?.reject(new Error(message.priceError));
  else if ('rows' in message) {
    const rows = received.get(message.id);
    if (rows) for (const row of message.rows) rows.push(row);
    else received.set(message.id, message.rows);
  } else void run(message.id, message.options, message.matched, message.prices);
});
