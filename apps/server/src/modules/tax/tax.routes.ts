import {
  checkTaxCalculation,
  getTaxCalculationDetails,
  getTaxSettings,
  listTaxYears,
  recalculateTax,
  recalculateTaxLink,
  saveTaxSettings,
  startTaxCalculation,
  updateTaxCalculated,
} from '@lotwise/contracts/tax/calculation';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { refuseGetLink } from '../../http/get-link.ts';
import { authedRoute } from '../../http/route.ts';
import { calculateJob } from './calculate.job.ts';
import { unknownFigures } from './missing-prices.ts';
import { staleness } from './staleness.ts';
import { calculationDetails, inputVersion, setTaxCalculated, startCalculation } from './tax.service.ts';
import { TaxResultsRepo } from './tax-results.repo.ts';
import { settingsOf } from './tax-settings.ts';
import { registerTaxYearRoutes } from './tax-year.routes.ts';
import { workingYear } from './working-year.ts';

export function registerTaxRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = new TaxResultsRepo(ctx.db.kysely, ctx.db.sqlite);
  ctx.jobs.register('tax.calculate', calculateJob(ctx, repo));
  registerTaxYearRoutes(app, ctx, repo);

  authedRoute(app, startTaxCalculation, async ({ auth, body }) => {
    const started = await startCalculation(ctx, repo, auth.user, body.recalculate ?? false);
    return { status: 'success' as const, data: { trace_id: started.traceId, state: started.state } };
  });

  authedRoute(app, recalculateTax, async ({ auth }) => {
    const started = await startCalculation(ctx, repo, auth.user, true);
    return { status: 'success' as const, data: { trace_id: started.traceId } };
  });
  refuseGetLink(app, recalculateTaxLink, recalculateTax);

  authedRoute(app, updateTaxCalculated, async ({ auth, body }) => ({
    status: 'success' as const,
    data: await setTaxCalculated(ctx, repo, auth.user, body.tax_calculated),
  }));

  authedRoute(app, getTaxCalculationDetails, async ({ auth }) => ({
    status: 'success' as const,
    data: await calculationDetails(ctx, repo, auth.user),
  }));

  authedRoute(app, checkTaxCalculation, async ({ auth, query }) => {
    const calc = await repo.findByTrace(auth.user.id, query.id);
    if (!calc) throw notFound('Tax calculation');
    const job = calc.job_id ? await ctx.jobsRepo.find(calc.job_id) : undefined;
    return {
      status: 'success' as const,
      data: {
        trace_id: calc.trace_id,
        state: calc.status,
        tax_calculated: calc.status === 'complete' ? true : calc.status === 'failed' ? false : null,
        tax_year: await workingYear(
          ctx.db.kysely,
          calc.status === 'complete' ? calc.id : ((await repo.latestComplete(auth.user.id))?.id ?? null),
          auth.user,
        ),
        progress: calc.status === 'complete' ? 100 : (job?.progress ?? 0),
        message: calc.status === 'failed' ? calc.error : (job?.message ?? null),
      },
    };
  });

  authedRoute(app, listTaxYears, async ({ auth }) => {
    const complete = await repo.latestComplete(auth.user.id);
    if (!complete) {
      return {
        data: {
          calculated_at: null,
          stale: true,
          stale_reasons: [],
          stale_from: null,
          years: [],
          warnings: [],
        },
      };
    }
    const [years, printed, warnings, version, missing] = await Promise.all([
      repo.yearSummaries(complete.id),
      repo.printedTotalsOf(complete),
      repo.warnings(complete.id),
      inputVersion(ctx, auth.user),
      repo.missingPriceCounts(complete.id),
    ]);
    const outdated = await staleness(ctx, auth.user, complete, version);
    // Figures resting on a missing price are unknown, not $0.00 (only read when there are any).
    const unknown = missing.size > 0 ? await unknownFigures(ctx.db.kysely, complete.id) : new Map();
    return {
      data: {
        calculated_at: complete.finished_at,
        stale: outdated.stale,
        stale_reasons: outdated.reasons,
        stale_from: outdated.fromYear,
        // The figures every report prints (cents per line, summed), not the exact totals.
        years: years.map((y) => ({
          year: y.year,
          proceeds: printed.get(y.year)?.proceeds ?? '0.00',
          cost_basis: printed.get(y.year)?.costBasis ?? '0.00',
          short_term_gain: printed.get(y.year)?.shortTermGain ?? '0.00',
          long_term_gain: printed.get(y.year)?.longTermGain ?? '0.00',
          income: printed.get(y.year)?.income ?? '0.00',
          disposal_count: y.disposal_count,
          income_count: y.income_count,
          missing_prices: missing.get(y.year) ?? 0,
          unknown_figures: unknown.get(y.year) ?? [],
        })),
        warnings: warnings.map((w) => ({
          code: w.code,
          transaction_id: w.transaction_id === null ? null : Number(w.transaction_id),
          message: w.message,
        })),
      },
    };
  });

  authedRoute(app, getTaxSettings, async ({ auth }) => {
    const s = settingsOf(auth.user);
    return { data: { method: s.method, basis: s.basis, allocation_rule: s.allocation_rule } };
  });

  authedRoute(app, saveTaxSettings, async ({ auth, body }) => {
    const user = await ctx.users.update(auth.user.id, {
      tax_method: body.method.replace(/\s+/g, ''),
      tax_basis: body.basis,
      allocation_rule: body.allocation_rule,
    });
    const s = settingsOf(user);
    return {
      status: 'success' as const,
      data: { method: s.method, basis: s.basis, allocation_rule: s.allocation_rule },
    };
  });
}
