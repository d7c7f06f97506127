import {
  getDisposalLots,
  getTaxYear,
  type LotRow,
  listTaxDisposals,
  reportForm,
} from '@lotwise/contracts/tax/year';
import type { LotUse } from '@lotwise/engine/types';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { authedRoute, requireAuth } from '../../http/route.ts';
import { withBrokerForms } from '../broker-forms/broker-forms.service.ts';
import { reportFile } from './report-files.ts';
import { storedReportModel } from './report-model.ts';
import { noTaxResults } from './results.service.ts';
import { inputVersion } from './tax.service.ts';
import type { TaxResultsRepo } from './tax-results.repo.ts';
import type { TaxSettings } from './tax-settings.ts';
import { TaxYearRepo } from './tax-year.repo.ts';
import { warningLabel } from './warning-labels.ts';
import { yearFigures } from './year-detail.ts';

/** The one-year page, its disposal table and lots, and the report downloads. */
export function registerTaxYearRoutes(app: FastifyInstance, ctx: AppContext, results: TaxResultsRepo) {
  const years = new TaxYearRepo(ctx.db.kysely);

  authedRoute(app, getTaxYear, async ({ auth, params }) => {
    const calc = await results.latestComplete(auth.user.id);
    if (!calc) throw noTaxResults(params.year);
    const settings = JSON.parse(calc.settings) as TaxSettings;
    const [model, warnings, groups, version] = await Promise.all([
      storedReportModel(years, auth.user, calc, params.year, false),
      years.warnings(calc.id, params.year),
      years.warningCounts(calc.id, params.year),
      inputVersion(ctx, auth.user),
    ]);
    return {
      data: {
        year: params.year,
        method: settings.method,
        basis: settings.basis,
        calculated_at: calc.finished_at,
        stale: calc.input_version !== version,
        ...yearFigures(model),
        warnings: warnings.map((w) => ({
          code: w.code,
          transaction_id: w.transaction_id === null ? null : Number(w.transaction_id),
          message: w.message,
        })),
        warnings_total: groups.reduce((n, g) => n + g.count, 0),
        // Missing prices warn per value (a buy's value and its fee): the group also says how many
        // transactions, the one count the INCOMPLETE badge shows (issue 35).
        warning_groups: groups.map((g) => ({
          ...g,
          label: warningLabel(g.code),
          transactions: g.code === 'missing_price' ? model.missingPrices : null,
        })),
      },
    };
  });

  authedRoute(app, listTaxDisposals, async ({ auth, params, query }) => {
    const calc = await results.latestComplete(auth.user.id);
    if (!calc) throw noTaxResults(params.year);
    const [{ rows, total }, unpricedIds] = await Promise.all([
      years.disposalPage(calc.id, params.year, query.page, query.per_page),
      years.unpricedTransactions(calc.id),
    ]);
    const unpriced = new Set(unpricedIds);
    return {
      data: rows.map((r) => ({
        id: r.id,
        transaction_id: r.transaction_id,
        asset: r.asset,
        amount: String(r.amount),
        acquired_at: r.acquired_at,
        disposed_at: r.disposed_at,
        proceeds: String(r.proceeds),
        cost_basis: String(r.cost_basis),
        gain: String(r.gain),
        term: r.term,
        category: r.category,
        taxable: Boolean(r.taxable),
        wallet: r.wallet,
        lot_count: (JSON.parse(r.lots) as LotUse[]).length,
        missing_price: Boolean(r.missing_price),
        basis_unknown: (JSON.parse(r.lots) as LotUse[]).some(
          (l) => l.lotId !== null && (unpriced.has(l.lotId) || unpriced.has(l.lotId.replace(/:extra$/, ''))),
        ),
        sell_without_buy: r.sell_without_buy === null ? null : String(r.sell_without_buy),
      })),
      meta: {
        current_page: query.page,
        per_page: query.per_page,
        total_count: total,
        total_pages: Math.max(1, Math.ceil(total / query.per_page)),
      },
    };
  });

  authedRoute(app, getDisposalLots, async ({ auth, params }) => {
    const calc = await results.latestComplete(auth.user.id);
    const row = calc ? await years.disposal(calc.id, params.id) : undefined;
    if (!row) throw notFound('Disposal');
    const lots = JSON.parse(row.lots) as LotUse[];
    return {
      data: lots.map(
        (l): LotRow => ({
          lot_id: l.lotId,
          acquired_at: l.acquiredAt,
          amount: l.amount,
          cost_basis: l.costBasis,
        }),
      ),
    };
  });

  // A file download, not JSON: mounted directly.
  app.get(
    '/api/tax/reports/:year/:form',
    {
      schema: {
        tags: ['tax'],
        summary: 'Download a report of a tax year (Form 8949, Schedule D, income, CSV exports)',
        params: z.object({ year: z.coerce.number().int().min(2000).max(2100), form: reportForm }),
      },
      // Signed in first: an anonymous caller learns nothing of the parameters' rules.
      preValidation: async (request) => {
        requireAuth(request);
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { year, form } = request.params as { year: number; form: z.infer<typeof reportForm> };
      // With billing on, a year's reports need that year's plan (402 payment_required otherwise).
      await ctx.billing.requireReportPlan(auth.user.id, year);
      const calc = await results.latestComplete(auth.user.id);
      if (!calc) throw noTaxResults(year);
      const model = await withBrokerForms(
        ctx.db.kysely,
        auth.user.id,
        calc,
        await storedReportModel(years, auth.user, calc, year, form === 'tax-report.pdf'),
      );
      const file = await reportFile(model, form);
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store');
      return reply.send(Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength));
    },
  );
}
