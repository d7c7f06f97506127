import { performance } from 'node:perf_hooks';
import { LocalCalendar, parseInstant, yearOf } from '@lotwise/engine/dates';
import type { EngineTransaction } from '@lotwise/engine/types';
import { priceWarnings } from '@lotwise/prices/warnings';
import type { AppContext } from '../../http/context.ts';
import { type JobIO, JobSuperseded } from '../../jobs/job-queue.ts';
import { yieldToRequests } from '../../jobs/yield-to-requests.ts';
import { priceRows, retryMissingPrices } from './calc-prices.ts';
import { loadEngineInput, walletNames } from './engine-input.ts';
import { basisKey, prefixFingerprints, spanYears, yearSpan, yearStarts } from './incremental/fingerprint.ts';
import { planResume, storedStarts, withAutoPairs } from './incremental/resume-plan.ts';
import { insertCheckpoints, storeIncremental } from './incremental/store-incremental.ts';
import { refreshLatestPrices } from './latest-prices.ts';
import { runEngineInWorker } from './run-engine.ts';
import type { TxYears } from './store-results.ts';
import type { TaxResultsRepo } from './tax-results.repo.ts';
import { engineOptions, type TaxSettings } from './tax-settings.ts';

export interface CalculatePayload {
  calcId: number;
}

/**
 * Tax year of each loaded row, for tagging warnings and statuses. Built with a turn for
 * waiting requests every 20,000 rows: a million at once held the server's thread about a second.
 */
async function txYearsOf(rows: readonly EngineTransaction[], timeZone: string): Promise<TxYears> {
  const calendar = new LocalCalendar(timeZone);
  const stamps = new Map<string, string>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    stamps.set(row.id, row.timestamp);
    if (i % 20_000 === 19_999) await yieldToRequests();
  }
  return (id) => {
    const stamp = id === null ? undefined : stamps.get(id);
    const ms = stamp === undefined ? null : parseInstant(stamp);
    return ms === null ? null : yearOf(calendar.day(ms));
  };
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
  const run = async ({ job, payload, progress }: JobIO) => {
    const { calcId } = payload as CalculatePayload;
    const calc = await repo.find(calcId);
    if (!calc || calc.status === 'superseded') return { skipped: true };
    await repo.setStatus(calcId, 'running');
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
      ? await retryMissingPrices(db, ctx.prices, usable.id, userId, settings.currency)
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
    const rows = await loadEngineInput(db, userId, plan ? { from: plan.start.from } : {});
    const input = plan ? withAutoPairs(rows, plan.autoPairs) : rows;
    lap('read');
    await progress(15, 'Finding prices');
    const pricing = await priceRows(ctx.prices, rows, {
      currency: settings.currency,
      userId,
      progress: (done, total) => progress(15 + Math.floor((5 * done) / Math.max(total, 1)), 'Finding prices'),
    });
    lap('prices');
    await progress(20, `Calculating ${rows.length} transactions`);
    const options = {
      ...engineOptions(settings),
      checkpoints: starts.map((s) => s.day),
      ...(plan ? { resumeFrom: plan.checkpoint } : {}),
    };
    const result = await runEngineInWorker(input, options, plan !== null, pricing.table);
    // Outages and symbols priced as a guess are the calculation's warnings (no transaction, so
    // remade by every run).
    const seen = new Set<string>();
    const outcome = { ...pricing.resolution, failures: [...retryFailures, ...pricing.resolution.failures] };
    const extra = priceWarnings(outcome).filter((w) => !seen.has(w.message) && seen.add(w.message));
    result.warnings.unshift(...extra);
    lap('engine');
    await progress(72, 'Prices of your holdings today');
    await refreshLatestPrices(ctx.prices, result.holdings, settings.currency, userId);
    await progress(75, 'Saving results');
    const years = await txYearsOf(rows, settings.timezone);
    const checkpoints = result.checkpoints.map((cp) => {
      const year = Number(cp.day.slice(0, 4));
      return {
        year,
        day: cp.day,
        basis_key: key,
        fingerprint: fingerprints.get(year)!,
        state: JSON.stringify(cp),
      };
    });
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
      publish(ctx, userId, calc.trace_id, result.years);
      return { ...summary, resumedFrom: plan.start.year, rows: rows.length, ms };
    }
    await repo.storeResults(calcId, userId, result, years);
    await insertCheckpoints(db, calcId, checkpoints);
    await progress(95, 'Finishing');
    const now = await repo.find(calcId);
    if (now?.status === 'superseded') return { superseded: true };
    await repo.setStatus(calcId, 'complete', { count: rows.length });
    await repo.deleteOlder(userId, calcId);
    lap('store');
    publish(ctx, userId, calc.trace_id, result.years);
    return { ...summary, rows: rows.length, ms };
  };
  return async (io: JobIO) => {
    try {
      return await run(io);
    } catch (error) {
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

function publish(ctx: AppContext, userId: number, traceId: string, years: object) {
  ctx.hub.publish(userId, {
    channel: 'imports',
    event: 'tax_calculated',
    data: { trace_id: traceId, years: Object.keys(years) },
  });
}
