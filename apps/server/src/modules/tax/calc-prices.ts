import type { EngineTransaction, EngineWarning } from '@lotwise/engine/types';
import { priceNeeds } from '@lotwise/prices/needs';
import { type PriceTableData, priceTable } from '@lotwise/prices/price-table';
import type { Resolution } from '@lotwise/prices/resolver';
import type { PriceNeed, ProviderFailure } from '@lotwise/prices/types';
import { priceWarnings } from '@lotwise/prices/warnings';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { JobInterrupted } from '../../jobs/job-queue.ts';
import type { PriceService } from '../prices/prices.service.ts';
import { storedLegs } from './manual-price.ts';

/** What the calculation's pricing step found out, kept with the calculation's warnings. */
export interface PricingOutcome {
  table: PriceTableData;
  resolution: Resolution;
}

/**
 * The calculation's pricing step: every (asset, day) the rows' valuation may need, resolved
 * in one batch (the table, the user's own prices, then the providers), flattened for the
 * engine's worker.
 */
export async function priceRows(
  prices: PriceService,
  rows: readonly EngineTransaction[],
  options: PricingOptions,
): Promise<PricingOutcome> {
  return resolveNeeds(prices, priceNeeds(rows, options.currency), options);
}

interface PricingOptions {
  currency: string;
  userId: number;
  progress: (done: number, total: number) => Promise<void>;
  /** The job's: a server that stops ends the wait on the providers, and the job with it. */
  signal?: AbortSignal;
}

/** The pricing step for needs already found (the engine's worker finds them on its own connection). */
export async function resolveNeeds(
  prices: PriceService,
  needs: PriceNeed[],
  options: PricingOptions,
): Promise<PricingOutcome> {
  const resolution = await prices.resolve(needs, {
    currency: options.currency,
    userId: options.userId,
    progress: (_message, done, total) => options.progress(done, total),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  // Stopped mid-way: not a result with prices missing for no reason, the job goes on later.
  if (resolution.stopped === 'aborted') throw new JobInterrupted();
  return { table: priceTable(resolution.book, needs, options.currency), resolution };
}

/**
 * Outages and symbols priced as a guess, as the calculation's warnings (no transaction, so
 * remade by every run), each once; `earlier` are the failures of retrying last run's misses.
 */
export function pricingWarnings(resolution: Resolution, earlier: ProviderFailure[]): EngineWarning[] {
  const seen = new Set<string>();
  const outcome = { ...resolution, failures: [...earlier, ...resolution.failures] };
  return priceWarnings(outcome).filter((w) => !seen.has(w.message) && seen.add(w.message));
}

/**
 * Before planning a recalculation, asks the providers again for the rows the previous
 * calculation could not price (a provider back online): what they send lands in the table,
 * and the plan then restarts no later than the earliest day whose price changed.
 */
export async function retryMissingPrices(
  db: Kysely<Database>,
  prices: PriceService,
  previousCalcId: number,
  userId: number,
  currency: string,
  signal?: AbortSignal,
): Promise<ProviderFailure[]> {
  if (prices.providerNames.length === 0) return [];
  const rows = await db
    .selectFrom('tax_transaction_status as s')
    .innerJoin('transactions as t', 't.id', 's.transaction_id')
    .select([
      't.timestamp',
      't.kind',
      't.sent_asset',
      't.sent_amount',
      't.received_asset',
      't.received_amount',
      't.fee_asset',
      't.fee_amount',
      't.fiat_currency',
      't.fiat_value',
      't.manual_price',
      't.sent_price',
      't.received_price',
      't.fee_price',
    ])
    .where('s.calc_id', '=', previousCalcId)
    .where('s.user_id', '=', userId)
    .where('s.missing_price', '=', true)
    .where('t.user_id', '=', userId)
    .execute();
  if (rows.length === 0) return [];
  const needs = priceNeeds(
    rows.map((r) => ({ timestamp: r.timestamp, ...storedLegs(r, currency) })),
    currency,
  );
  const resolution = await prices.resolve(needs, { currency, userId, ...(signal ? { signal } : {}) });
  if (resolution.stopped === 'aborted') throw new JobInterrupted();
  return resolution.failures;
}
