import { Readable } from 'node:stream';
import { recordId } from '@lotwise/contracts/ids';
import { getExchange, saveManualEntry, searchExchanges } from '@lotwise/contracts/imports/manual-entry';
import { listFormats } from '@lotwise/importers/parse';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { authedRoute, requireAuth } from '../../http/route.ts';
import { checkKnownCurrencies } from '../transactions/edit/rows.service.ts';
import { EXPORT_HEADER, exportLine } from './csv-export.ts';
import { ImportsRepo } from './imports.repo.ts';
import { insertManualEntry } from './manual-entry.ts';
import { allSourceFamilies } from './sources.ts';

function exchangeOptions() {
  const formats = listFormats();
  return allSourceFamilies().map((f, i) => ({
    id: i + 1,
    name: f.name,
    slug: f.slug,
    type: f.type,
    us_based: f.usBased,
    formats: formats.filter((x) => x.id.split('-')[0] === f.slug),
  }));
}

export function registerEntryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;
  const repo = new ImportsRepo(db);

  authedRoute(app, saveManualEntry, async ({ auth, body }) => {
    await checkKnownCurrencies(ctx, auth.user.id, [
      { field: 'from_currency', label: 'From currency', code: body.from_currency },
      { field: 'to_currency', label: 'To currency', code: body.to_currency },
      { field: 'fee_currency', label: 'Fee currency', code: body.fee_currency },
    ]);
    const id = await insertManualEntry(ctx, auth.user.id, body);
    return { status: 'success' as const, message: 'Transaction saved successfully.', data: { id } };
  });

  authedRoute(app, searchExchanges, async ({ query }) => {
    const q = query.q?.trim().toLowerCase() ?? '';
    const all = exchangeOptions().filter((o) => o.slug !== 'manual');
    return { data: q ? all.filter((o) => o.name.toLowerCase().includes(q) || o.slug.includes(q)) : all };
  });

  authedRoute(app, getExchange, async ({ params }) => {
    const option = exchangeOptions().find((o) => o.id === params.id);
    if (!option) throw notFound('Exchange');
    return { data: option };
  });

  // A file download, not JSON: mounted directly. `all` exports every account.
  app.get(
    '/api/transaction/download_users_transactions/:id',
    {
      schema: {
        tags: ['imports'],
        summary: 'Download transactions as CSV (user_transaction_data.csv)',
        params: z.object({ id: z.string() }),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id } = request.params as { id: string };
      const accounts = new Map(
        (await repo.historiesWithCounts(auth.user.id)).map(
          (h) => [h.id, h.custom_name ?? h.account_name] as const,
        ),
      );
      let historyId: number | undefined;
      if (id !== 'all') {
        // An account's id as its digits only: `0x1` or `01` names no account (recordId).
        const parsed = recordId.safeParse(id);
        historyId = parsed.success ? parsed.data : undefined;
        if (historyId === undefined || !accounts.has(historyId)) throw notFound('Account');
      }
      async function* lines() {
        yield `${EXPORT_HEADER.join(',')}\n`;
        let after = 0;
        for (;;) {
          const batch = await repo.exportChunk(auth.user.id, after, historyId, 5000).execute();
          if (batch.length === 0) return;
          yield `${batch.map((t) => exportLine(t, accounts.get(t.import_history_id) ?? '')).join('\n')}\n`;
          after = batch.at(-1)!.id;
        }
      }
      if (historyId === undefined && accounts.size === 0)
        throw new AppError('not_found', 'You have no transactions yet');
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="user_transaction_data.csv"');
      return reply.send(Readable.from(lines()));
    },
  );
}
