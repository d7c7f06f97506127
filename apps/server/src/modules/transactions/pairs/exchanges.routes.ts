import {
  deleteExchange,
  EXCHANGE_DELETED_MESSAGE,
  listExchanges,
} from '@lotwise/contracts/transactions/edit/exchanges';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../http/context.ts';
import { notFound } from '../../../http/errors.ts';
import { authedRoute } from '../../../http/route.ts';
import { resetPairs } from './pair-annotations.ts';

/**
 * Exchanges view (spec 02 §2, §3): the user's accounts with their counts, and the deletion
 * of one account's transactions and edits. The deletion is the imports' 'import.delete' job.
 */
export function registerExchangeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;

  authedRoute(app, listExchanges, async ({ auth }) => {
    const userId = auth.user.id;
    const [histories, counts, notes] = await Promise.all([
      db.selectFrom('import_histories').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      db
        .selectFrom('transactions')
        .select((eb) => ['import_history_id', eb.fn.countAll<number | string>().as('n')])
        .where('user_id', '=', userId)
        .groupBy('import_history_id')
        .execute(),
      db
        .selectFrom('annotation_histories')
        .select((eb) => ['import_history_id', eb.fn.countAll<number | string>().as('n')])
        .where('user_id', '=', userId)
        .groupBy('import_history_id')
        .execute(),
    ]);
    const count = (rows: typeof counts, id: number) =>
      Number(rows.find((r) => r.import_history_id === id)?.n ?? 0);
    const exchanges = histories.map((h) => ({
      id: h.id,
      name: h.type === 'manual' ? 'Other Wallets' : (h.custom_name ?? h.account_name),
      type: h.type,
      address: h.wallet_address,
      transactions_count: count(counts, h.id),
      annotations_count: count(notes, h.id),
    }));
    return {
      status: 'success' as const,
      data: { email: auth.user.email, exchanges, exchanges_count: exchanges.length },
    };
  });

  authedRoute(app, deleteExchange, async ({ auth, params }) => {
    const history = await db
      .selectFrom('import_histories')
      .select('id')
      .where('user_id', '=', auth.user.id)
      .where('id', '=', params.exchangeId)
      .executeTakeFirst();
    if (!history) throw notFound('Exchange');
    // "all transactions and edits related to that Exchange will be removed" (spec 02 §8).
    // Pairs with rows of other accounts come apart first, recorded on the partner's side so
    // re-importing the partner's account does not join it again.
    await db.transaction().execute(async (trx) => {
      await resetPairs(trx, auth.user.id, history.id);
      await trx
        .deleteFrom('annotation_histories')
        .where('user_id', '=', auth.user.id)
        .where('import_history_id', '=', history.id)
        .execute();
    });
    const job = await ctx.jobs.enqueue('import.delete', auth.user.id, { historyId: history.id });
    return { status: 'success' as const, message: EXCHANGE_DELETED_MESSAGE, data: { job_id: job.id } };
  });
}
