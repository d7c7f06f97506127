import { impersonate, listAccessLog, stopImpersonating } from '@lotwise/contracts/taxpro/taxpro';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { pageMeta } from '../../http/paging.ts';
import { authedRoute } from '../../http/route.ts';
import { startSession } from '../../http/session-cookies.ts';
import { sessionState } from '../auth/auth.service.ts';
import { mayImpersonate } from './access.ts';
import { displayName } from './invitations.service.ts';

/**
 * Impersonation (spec 01 §4/§7): an accepted accountant (or an admin) works inside a client's
 * account on a session of its own that names both; every request on it is recorded for the
 * client to read; stopping gives the accountant a fresh session of their own.
 */
export function registerImpersonationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;

  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth?.impersonator || !(request.routeOptions.url ?? request.url).startsWith('/api/')) return;
    await db
      .insertInto('impersonation_events')
      .values({
        customer_user_id: auth.user.id,
        actor_user_id: auth.impersonator.id,
        method: request.method,
        path: request.url.slice(0, 500),
        status_code: reply.statusCode,
        created_at: nowIso(),
      })
      .execute();
  });

  authedRoute(app, impersonate, async ({ auth, params, request, reply }) => {
    // One answer for an id that does not exist and an account the caller may not enter:
    // the call must not tell which user ids exist.
    const allowed = await mayImpersonate(db, auth.user, params.id);
    const client = await ctx.users.findById(params.id);
    if (!client || !allowed)
      throw new AppError(
        'forbidden',
        'You can work in this account only after its owner accepted you as their accountant.',
      );
    await startSession(ctx, request, reply, client.id, auth.user.id);
    request.auth = { ...auth, user: client, impersonator: auth.user };
    const state = sessionState(request, client);
    return { status: 'success' as const, masquerade: state.masquerade! };
  });

  authedRoute(app, stopImpersonating, async ({ auth, request, reply }) => {
    // Idempotent: a revoked impersonation already handed the accountant their own session back.
    if (auth.impersonator) await startSession(ctx, request, reply, auth.impersonator.id);
    return { status: 'success' as const };
  });

  authedRoute(app, listAccessLog, async ({ auth, query }) => {
    const base = db.selectFrom('impersonation_events as e').where('e.customer_user_id', '=', auth.user.id);
    const [{ n }] = (await base.select((eb) => eb.fn.countAll<number>().as('n')).execute()) as [
      { n: number },
    ];
    const rows = await base
      .innerJoin('users as u', 'u.id', 'e.actor_user_id')
      .select([
        'e.id',
        'e.method',
        'e.path',
        'e.status_code',
        'e.created_at',
        'u.email',
        'u.first_name',
        'u.last_name',
      ])
      .orderBy('e.id', 'desc')
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute();
    return {
      status: 'success' as const,
      data: rows.map((r) => ({
        id: r.id,
        actor_email: r.email,
        actor_name: displayName(r),
        method: r.method,
        path: r.path,
        status_code: r.status_code,
        created_at: r.created_at,
      })),
      meta: pageMeta(query.page, query.per_page, Number(n)),
    };
  });
}
