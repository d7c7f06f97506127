import { performance } from 'node:perf_hooks';
import type { AppContext } from '../../http/context.ts';
import { JobInterrupted, type JobIO, JobSuperseded } from '../../jobs/job-queue.ts';
import { priceRows, pricingWarnings, resolveNeeds, retryMissingPrices } from './calc-prices.ts';
import { loadEngineInput, walletNames } from './engine-input.ts';
import { basisKey, prefixFingerprints, spanYears, yearSpan, yearStarts } from './incremental/fingerprint.ts';
import { planResume, storedStarts, withAutoPairs } from './incremental/resume-plan.ts';
import { checkpointRows, insertCheckpoints, storeIncremental } from './incremental/store-incremental.ts';
import { refreshLatestPrices } from './latest-prices.ts';
import { calculateInWorker, runEngineInWorker } from './run-engine.ts';
import type { TaxResultsRepo } from './tax-results.repo.ts';
import { engineOptions, type TaxSettings } from './tax-settings.ts';
import { txYearsOf } from './tx-years.ts';

export interface CalculatePayload {
  calcId: number;
}

/**
 * A user's tax calculation: read their transactions, run the engine in a worker thread,
 * store the results, then make this calculation the one pages show. When the previous
 * calculation has a stored year start whose earlier rows are unchanged, only the rows from
 * there on are read and calculated and only those years' results are replaced.
 * Re-runnable: a crash or a restart simply runs it again from the stored transactions.
 */
export function calculateJob(ctx: AppContext, repo: TaxResultsRepo) {
  const db = ctx.db.kysely;
  const run = async ({ job, payload, progress, signal }: JobIO) => {
    const { calcId } = payload as CalculatePayload;
    const calc = await repo.find(calcId);
    if (!calc || calc.status === 'superseded') return { skipped: true };
    await repo.setStatus(calcId, 'running');
    const traceId = calc.trace_id;
    await progress(5, 'Reading transactions');
    const userId = job.user_id;
    // Milliseconds per step, kept in the job result (bench/tax reports them).
    const ms: Record<string, number> = {};
    let mark = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      ms[name] = Math.round(now - mark);
      mark = now;
    };
    const settings = JSON.parse(calc.settings) as TaxSettings;
    const key = basisKey(settings, await walletNames(db, userId));
    const [span, previous] = await Promise.all([yearSpan(db, userId), repo.latestComplete(userId)]);
    const usable = previous && previous.id < calcId ? previous : undefined;
    // Prices that arrived since the last calculation (a provider back online for the rows it
    // could not price, a loaded file) must be recalculated from the year they fall in.
    const retryFailures = usable
      ? await retryMissingPrices(db, ctx.prices, usable.id, userId, settings.currency, signal)
      : [];
    const changedDay = usable?.finished_at
      ? pricesRemoved(usable.input_version, calc.input_version)
        ? '0000-01-01'
        : await ctx.prices.repo.earliestChangedDay(userId, usable.finished_at)
      : null;
    const stored = (usable ? await storedStarts(db, usable.id, key) : []).filter(
      (s) =>
        changedDay === null || s.year < Number(changedDay.slice(0, 4)) || `${s.year}-01-02` <= changedDay,
    );
    // One fingerprint query for the stored starts and this run's (fingerprints before reading:
    // a change made while we read makes the next run redo it).
    const allStarts = yearStarts(settings.timezone, [
      ...stored.map((s) => s.year),
      ...(span ? spanYears(span) : []),
    ]);
    const fingerprints = await prefixFingerprints(db, userId, allStarts);
    const plan =
      span && usable ? await planResume(db, userId, usable.id, stored, allStarts, fingerprints) : null;
    const newYears = span ? spanYears(span).filter((y) => !plan || y > plan.start.year) : [];
    const starts = allStarts.filter((s) => newYears.includes(s.year));
    lap('plan');
    const options = {
      ...engineOptions(settings),
      checkpoints: starts.map((s) => s.day),
      ...(plan ? { resumeFrom: plan.checkpoint } : {}),
    };
    const own = ownConnection(ctx);
    if (own) {
      // The engine's worker reads, calculates and stores on a connection of its own.
      const count = plan ? await repo.transactionCount(userId) : 0;
      if (ctx.db.dialect === 'sqlite') ctx.db.sideWriters.count++;
      let outcome: Awaited<ReturnType<typeof calculateInWorker>>;
      let stopped: unknown;
      try {
        outcome = await calculateInWorker(
          {
            db: own,
            userId,
            ...(plan ? { from: plan.start.from, autoPairs: [...plan.autoPairs] } : {}),
            currency: settings.currency,
            timezone: settings.timezone,
            options,
            checkpoints: { basisKey: key, fingerprints: [...fingerprints] },
            store: plan
              ? { kind: 'incremental', calc, keepId: plan.calcId, fromYear: plan.start.year, count }
              : { kind: 'full', calcId },
          },
          {
            price: async (needs) => {
              const pricing = await resolveNeeds(ctx.prices, needs, {
                currency: settings.currency,
                userId,
                signal,
                progress: (done, total) =>
                  progress(15 + Math.floor((5 * done) / Math.max(total, 1)), 'Finding prices'),
              });
              return { table: pricing.table, warnings: pricingWarnings(pricing.resolution, retryFailures) };
            },
            // The worker's connection may hold the write lock: progress stays in memory. A
            // superseded job cannot stop the worker midway; it says so when the worker is done.
            progress: (percent, message) => {
              progress(percent, message, { persist: false }).catch((error: unknown) => {
                stopped ??= error;
              });
            },
          },
        );
      } finally {
        if (ctx.db.dialect === 'sqlite') ctx.db.sideWriters.count--;
      }
      if (stopped !== undefined) throw stopped;
      Object.assign(ms, outcome.ms);
      mark = performance.now();
      await progress(80, 'Prices of your holdings today');
      await refreshLatestPrices(ctx.prices, outcome.holdings, settings.currency, userId, signal);
      const summary = { years: outcome.yearKeys.length, warnings: outcome.warnings };
      if (plan) {
        if (!outcome.stored) return { superseded: true };
        lap('finish');
        publish(ctx, userId, traceId, outcome.yearKeys);
        return { ...summary, resumedFrom: plan.start.year, rows: outcome.rows, ms };
      }
      return finishFull(outcome.rows, outcome.yearKeys, summary);
    }
    const rows = await loadEngineInput(db, userId, plan ? { from: plan.start.from } : {});
    const input = plan ? withAutoPairs(rows, plan.autoPairs) : rows;
    lap('read');
    await progress(15, 'Finding prices');
    const pricing = await priceRows(ctx.prices, rows, {
      currency: settings.currency,
      userId,
      signal,
      progress: (done, total) => progress(15 + Math.floor((5 * done) / Math.max(total, 1)), 'Finding prices'),
    });
    lap('prices');
    await progress(20, `Calculating ${rows.length} transactions`);
    const result = await runEngineInWorker(input, options, plan !== null, pricing.table);
    result.warnings.unshift(...pricingWarnings(pricing.resolution, retryFailures));
    lap('engine');
    await progress(72, 'Prices of your holdings today');
    await refreshLatestPrices(ctx.prices, result.holdings, settings.currency, userId, signal);
    await progress(75, 'Saving results');
    const years = await txYearsOf(rows, settings.timezone);
    const checkpoints = checkpointRows(result.checkpoints, key, fingerprints);
    const summary = { years: Object.keys(result.years).length, warnings: result.warnings.length };
    if (plan) {
      const count = await repo.transactionCount(userId);
      const stored = await storeIncremental(db, ctx.db.sqlite, {
        calc,
        keepId: plan.calcId,
        fromYear: plan.start.year,
        userId,
        result,
        years,
        checkpoints,
        count,
      });
      if (!stored) return { superseded: true };
      lap('store');
      publish(ctx, userId, calc.trace_id, Object.keys(result.years));
      return { ...summary, resumedFrom: plan.start.year, rows: rows.length, ms };
    }
    await repo.storeResults(calcId, userId, result, years);
    await insertCheckpoints(db, calcId, checkpoints);
    return finishFull(rows.length, Object.keys(result.years), summary);

    /** A full run's results are stored: make it the calculation pages show. */
    async function finishFull(count: number, yearKeys: string[], summary: object) {
      await progress(95, 'Finishing');
      const now = await repo.find(calcId);
      if (now?.status === 'superseded') return { superseded: true };
      await repo.setStatus(calcId, 'complete', { count });
      await repo.deleteOlder(userId, calcId);
      lap(own ? 'finish' : 'store');
      publish(ctx, userId, traceId, yearKeys);
      return { ...summary, rows: count, ms };
    }
  };
  return async (io: JobIO) => {
    try {
      return await run(io);
    } catch (error) {
      // Stopped with the server (the worker's own error once its pricing was cut short too):
      // the calculation waits in the queue again, to run when a server starts.
      if (error instanceof JobInterrupted || (io.signal.aborted && !(error instanceof JobSuperseded))) {
        const { calcId } = io.payload as CalculatePayload;
        const now = await repo.find(calcId);
        if (now?.status === 'running') await repo.setStatus(calcId, 'queued');
        throw new JobInterrupted();
      }
      if (!(error instanceof JobSuperseded)) {
        const { calcId } = io.payload as CalculatePayload;
        await repo.setStatus(calcId, 'failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
      throw error;
    }
  };
}

/**
 * Whether the user removed price files since the previous calculation (the count of their
 * own prices, the last part of the input version, went down): removed prices leave no trace
 * of their days, so everything is recalculated.
 */
function pricesRemoved(previous: string, now: string): boolean {
  const count = (version: string) => Number(version.split('|').at(-1)?.split(':')[0] ?? 0);
  return count(now) < count(previous);
}

function publish(ctx: AppContext, userId: number, traceId: string, years: string[]) {
  ctx.hub.publish(userId, {
    channel: 'imports',
    event: 'tax_calculated',
    data: { trace_id: traceId, years },
  });
}

/**
 * Where the engine's worker can open the database itself: a SQLite file or PostgreSQL (not an
 * in-memory SQLite database, which only this connection sees). TAX_CALC_OWN_CONNECTION=off
 * keeps the rows and results on this thread.
 */
function ownConnection(ctx: AppContext): { url: string; schema?: string } | null {
  if (process.env.TAX_CALC_OWN_CONNECTION === 'off') return null;
  const { url, dialect, schema } = ctx.db;
  if (dialect === 'sqlite' && url.includes(':memory:')) return null;
  return schema ? { url, schema } : { url };
}
