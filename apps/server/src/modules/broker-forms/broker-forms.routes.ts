import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { recordId } from '@lotwise/contracts/ids';
import {
  deleteBrokerForm,
  listBrokerFormLines,
  listBrokerForms,
  typeBrokerForm,
  uploadBrokerForm,
} from '@lotwise/contracts/tax/broker-forms';
import { getTieOut } from '@lotwise/contracts/tax/tie-out';
import { addMissingDeposit } from '@lotwise/contracts/tax/tie-out-fix';
import { Dec } from '@lotwise/reports/money';
import { tieOutCsv } from '@lotwise/reports/tie-out/csv';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { authedRoute, requireAuth } from '../../http/route.ts';
import { receiveUpload } from '../../http/upload.ts';
import { noTaxResults, taxResults } from '../tax/results.service.ts';
import { BrokerFormsRepo, lineOf } from './broker-forms.repo.ts';
import { BrokerFormsService, type SavedForm } from './broker-forms.service.ts';
import { form8949Boxes } from './form8949-boxes.ts';
import { addMissingDeposit as addDeposit } from './missing-deposit.ts';
import { tieOutCache } from './tie-out-cache.ts';
import { lineView, totalsView } from './tie-out-view.ts';

/** A 1099-DA file is one broker's lines for one year: 200,000 lines fit in far less. */
const MAX_FORM_BYTES = 100 * 1024 * 1024;

const uploadFields = z.object({
  account_id: recordId,
  year: z.coerce.number().int().min(2025, 'Form 1099-DA exists from tax year 2025').max(2100),
});

function saved(result: SavedForm) {
  const f = result.form;
  return {
    status: 'success' as const,
    message: result.created
      ? `Imported the 1099-DA of ${f.account_name} for ${f.tax_year}: ${f.lines} ${f.lines === 1 ? 'line' : 'lines'}.`
      : `This 1099-DA of ${f.account_name} for ${f.tax_year} is already imported; nothing was added.`,
    data: { created: result.created, form: f },
  };
}

/** Forms 1099-DA (issue 31): list, upload, typed entry, lines, removal. */
export function registerBrokerFormRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = new BrokerFormsRepo(ctx.db.kysely);
  const service = new BrokerFormsService(repo);

  authedRoute(app, listBrokerForms, async ({ auth, query }) => {
    const forms = await repo.forms(auth.user.id, query.year);
    const withheld = forms.reduce((sum, f) => sum.plus(f.federal_tax_withheld), new Dec(0));
    return { data: { forms, federal_tax_withheld: withheld.toFixed(2) } };
  });

  authedRoute(app, uploadBrokerForm, async ({ request, auth }) => {
    const upload = await receiveUpload(request, path.join(ctx.config.dataDir, 'uploads'));
    try {
      if (upload.sizeBytes > MAX_FORM_BYTES)
        throw new AppError('validation_failed', 'file: a 1099-DA file is at most 100 MB', { field: 'file' });
      const fields = uploadFields.safeParse(upload.fields);
      if (!fields.success) {
        const messages = fields.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
        throw new AppError('validation_failed', messages[0]!, { messages });
      }
      const result = await service.importFile(auth.user.id, {
        accountId: fields.data.account_id,
        year: fields.data.year,
        fileName: path.basename(upload.fileName),
        bytes: new Uint8Array(await readFile(upload.storagePath)),
      });
      return saved(result);
    } finally {
      await unlink(upload.storagePath).catch(() => {});
    }
  });

  authedRoute(app, typeBrokerForm, async ({ auth, body }) =>
    saved(
      await service.typed(auth.user.id, { accountId: body.account_id, year: body.year, lines: body.lines }),
    ),
  );

  authedRoute(app, listBrokerFormLines, async ({ auth, params }) => {
    const [form] = await repo.forms(auth.user.id, undefined, params.id);
    if (!form) throw notFound('Form 1099-DA');
    const lines = await repo.lines(auth.user.id, [form.id]);
    return { data: { form, lines: lines.map(lineOf) } };
  });

  const results = taxResults(ctx.db.kysely, ctx.db.sqlite);
  const tieOuts = tieOutCache(ctx.db.kysely);
  authedRoute(app, getTieOut, async ({ auth, params, query }) => {
    const calc = await results.latestComplete(auth.user.id);
    if (!calc) throw noTaxResults(params.year);
    const { tieOut, formCount } = await tieOuts.get(auth.user.id, calc, params.year);
    const asset = query.asset?.toUpperCase();
    const shown = tieOut.lines.filter(
      (l) => (!query.status || l.status === query.status) && (!asset || l.asset.toUpperCase() === asset),
    );
    const start = (query.page - 1) * query.per_page;
    return {
      data: {
        year: params.year,
        forms: formCount,
        calculated_at: calc.finished_at,
        totals: totalsView(tieOut, await form8949Boxes(ctx.db.kysely, auth.user, calc, params.year, tieOut)),
        assets: [...new Set(tieOut.lines.map((l) => l.asset.toUpperCase()))].sort(),
        lines: shown.slice(start, start + query.per_page).map(lineView),
        meta: { current_page: query.page, per_page: query.per_page, total_count: shown.length },
      },
    };
  });

  // A file download, not JSON: mounted directly.
  app.get(
    '/api/tax/years/:year/tie_out.csv',
    {
      schema: {
        tags: ['tax'],
        summary: 'The tie-out of a year’s Forms 1099-DA as CSV',
        params: z.object({ year: z.coerce.number().int().min(2025).max(2100) }),
      },
      preValidation: async (request) => {
        requireAuth(request);
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { year } = request.params as { year: number };
      const calc = await results.latestComplete(auth.user.id);
      if (!calc) throw noTaxResults(year);
      const { tieOut } = await tieOuts.get(auth.user.id, calc, year);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="1099-da-tie-out-${year}.csv"`)
        .header('cache-control', 'private, no-store');
      return reply.send(tieOutCsv(tieOut));
    },
  );

  // The tie-out's fix of a sale without its transfer in (refused while viewing a client).
  authedRoute(app, addMissingDeposit, async ({ auth, params, body }) => {
    const added = await addDeposit(ctx, auth.user, params.id, body);
    return {
      status: 'success' as const,
      message: added.message,
      data: { transaction_id: added.transactionId, account_id: added.accountId },
    };
  });

  authedRoute(app, deleteBrokerForm, async ({ auth, params }) => {
    if (!(await repo.delete(auth.user.id, params.id))) throw notFound('Form 1099-DA');
    return { status: 'success' as const, message: 'The 1099-DA was removed.' };
  });
}
