import type { AppContext } from '../../http/context.ts';
import { type JobIO, JobSuperseded } from '../../jobs/job-queue.ts';
import { loadEngineInput } from './engine-input.ts';
import { runEngineInWorker } from './run-engine.ts';
import type { TaxResultsRepo } from './tax-results.repo.ts';
import { engineOptions, type TaxSettings } from './tax-settings.ts';

export interface CalculatePayload {
  calcId: number;
}

/**
 * A user's tax calculation: read their transactions, run the engine in a worker thread,
 * store the results, then make this calculation the one pages show. Re-runnable: a crash
 * or a restart simply runs it again from the stored transactions.
 */
export function calculateJob(ctx: AppContext, repo: TaxResultsRepo) {
  const run = async ({ job, payload, progress }: JobIO) => {
    const { calcId } = payload as CalculatePayload;
    const calc = await repo.find(calcId);
    if (!calc || calc.status === 'superseded') return { skipped: true };
    await repo.setStatus(calcId, 'running');
    await progress(5, 'Reading transactions');
    const transactions = await loadEngineInput(ctx.db.kysely, job.user_id);
    await progress(20, `Calculating ${transactions.length} transactions`);
    const settings = JSON.parse(calc.settings) as TaxSettings;
    const result = await runEngineInWorker(transactions, engineOptions(settings));
    await progress(75, 'Saving results');
    await repo.storeResults(calcId, job.user_id, result);
    await progress(95, 'Finishing');
    const now = await repo.find(calcId);
    if (now?.status === 'superseded') return { superseded: true };
    await repo.setStatus(calcId, 'complete', { count: transactions.length });
    await repo.deleteOlder(job.user_id, calcId);
    ctx.hub.publish(job.user_id, {
      channel: 'imports',
      event: 'tax_calculated',
      data: { trace_id: calc.trace_id, years: Object.keys(result.years) },
    });
    return { years: Object.keys(result.years).length, warnings: result.warnings.length };
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
