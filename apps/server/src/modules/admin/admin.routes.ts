import type { ApiCall } from '@lotwise/contracts/http';
import {
  adminGrantPlan,
  adminListJobs,
  adminListUsers,
  adminUpdateUser,
} from '@lotwise/contracts/taxpro/taxpro';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { pageMeta } from '../../http/paging.ts';
import { authedRoute } from '../../http/route.ts';
import { requireCataloguePlan, resumePausedImports } from '../billing/plans.service.ts';
import { displayName } from '../taxpro/invitations.service.ts';
import { parseRoles } from '../users/users.service.ts';

/** The calls of this area: admin only (checked before the input is read). */
function adminRoute<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: Parameters<typeof authedRoute<C>>[2],
): void {
  authedRoute(app, call, handler, { roles: ['admin'], rolesMessage: 'This is for administrators.' });
}

/**
 * What the operator of a self-hosted instance needs (role admin): accounts with their roles
 * and state, disabling one, jobs and their failures, granting a plan by hand. Admins see
 * counts and settings, not transactions; to look inside an account they impersonate it, and
 * that is recorded in the account's access log like an accountant's visit.
 */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;

  adminRoute(app, adminListUsers, async ({ query }) => {
    let base = db.selectFrom('users');
    const q = query.q?.toLowerCase();
    if (q)
      base = base.where((eb) =>
        eb.or([eb('email', 'like', `%${q}%`), eb(eb.fn('lower', ['first_name']), 'like', `%${q}%`)]),
      );
    const [{ n }] = (await base.select((eb) => eb.fn.countAll<number>().as('n')).execute()) as [
      { n: number },
    ];
    const users = await base
      .select(['id', 'email', 'first_name', 'last_name', 'roles', 'disabled_at', 'created_at'])
      .orderBy('id')
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute();
    const ids = users.map((u) => u.id);
    const [counts, grants] = ids.length
      ? await Promise.all([
          db
            .selectFrom('transactions')
            .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
            .where('user_id', 'in', ids)
            .groupBy('user_id')
            .execute(),
          db
            .selectFrom('plan_grants')
            .select(['user_id', 'tax_year', 'plan_id'])
            .where('user_id', 'in', ids)
            .execute(),
        ])
      : [[], []];
    return {
      status: 'success' as const,
      data: users.map((u) => ({
        id: u.id,
        email: u.email,
        name: displayName(u),
        roles: parseRoles(u.roles),
        disabled: u.disabled_at !== null,
        created_at: u.created_at,
        transactions: Number(counts.find((c) => c.user_id === u.id)?.n ?? 0),
        plans: grants
          .filter((g) => g.user_id === u.id)
          .map((g) => ({ tax_year: g.tax_year, plan_id: g.plan_id })),
      })),
      meta: pageMeta(query.page, query.per_page, Number(n)),
    };
  });

  adminRoute(app, adminUpdateUser, async ({ auth, params, body }) => {
    const user = await ctx.users.findById(params.id);
    if (!user) throw notFound('User');
    if (user.id === auth.user.id && (body.disabled || (body.roles && !body.roles.includes('admin'))))
      throw new AppError(
        'validation_failed',
        'You cannot disable yourself or take away your own admin role.',
      );
    await ctx.users.update(user.id, {
      ...(body.roles ? { roles: [...new Set(body.roles)].join(',') } : {}),
      ...(body.disabled !== undefined ? { disabled_at: body.disabled ? nowIso() : null } : {}),
    });
    // A disabled account is signed out everywhere now.
    if (body.disabled) await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    // Its websockets (and an accountant's in a client's account) close or stay, on every process.
    ctx.hub.accessChanged({ userIds: [user.id] });
    return { status: 'success' as const, message: 'Account updated' };
  });

  adminRoute(app, adminGrantPlan, async ({ auth, params, body }) => {
    if (!(await ctx.users.findById(params.id))) throw notFound('User');
    // Billing off: every account has every feature, so a grant would change nothing.
    if (!ctx.billing.enabled)
      throw new AppError('conflict', 'Billing is off on this instance: every feature is included.');
    requireCataloguePlan(ctx, body.tax_year, body.plan_id);
    await db
      .insertInto('plan_grants')
      .values({
        user_id: params.id,
        tax_year: body.tax_year,
        plan_id: body.plan_id,
        source: 'admin',
        granted_by: auth.user.id,
        created_at: nowIso(),
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'tax_year'])
          .doUpdateSet({ plan_id: body.plan_id, source: 'admin', granted_by: auth.user.id }),
      )
      .execute();
    // A granted plan lifts the free import limit like a bought one.
    await resumePausedImports(ctx, params.id);
    return { status: 'success' as const, message: `Plan ${body.plan_id} granted for ${body.tax_year}` };
  });

  adminRoute(app, adminListJobs, async ({ query }) => {
    let base = db.selectFrom('jobs as j').leftJoin('users as u', 'u.id', 'j.user_id');
    if (query.status) base = base.where('j.status', '=', query.status);
    const [{ n }] = (await base.select((eb) => eb.fn.countAll<number>().as('n')).execute()) as [
      { n: number },
    ];
    const rows = await base
      .select(['j.id', 'j.name', 'j.status', 'j.error', 'j.created_at', 'j.finished_at', 'u.email'])
      .orderBy('j.id', 'desc')
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute();
    return {
      status: 'success' as const,
      data: rows.map((r) => ({
        id: r.id,
        name: r.name,
        user_email: r.email ?? null,
        status: r.status,
        error: r.error,
        created_at: r.created_at,
        finished_at: r.finished_at,
      })),
      meta: pageMeta(query.page, query.per_page, Number(n)),
    };
  });
}
