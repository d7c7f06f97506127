import type { ApiCall } from '@lotwise/contracts/http';
import {
  ACCEPTED_MESSAGE,
  ALREADY_ACCEPTED_MESSAGE,
  acceptInvitationToken,
  answerInvitation,
  getClient,
  getCustomerCpa,
  inviteAccountant,
  inviteClient,
  invitePay,
  listClients,
  listCustomerCpas,
  listPendingInvitations,
  revokeAccountant,
} from '@lotwise/contracts/taxpro/taxpro';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { pageMeta } from '../../http/paging.ts';
import { authedRoute } from '../../http/route.ts';
import { requireCataloguePlan } from '../billing/plans.service.ts';
import { acceptedLink } from './access.ts';
import { clientYears, withOutOfDate } from './client-years.ts';
import { clientsOf } from './clients.ts';
import { acceptByToken, accountantsOf, answer, invite, pendingFor, revoke } from './invitations.service.ts';

/** A customer's own accountant links (an admin may look too). */
function customerRoute<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: Parameters<typeof authedRoute<C>>[2],
): void {
  authedRoute(app, call, handler, {
    roles: ['customer', 'admin'],
    rolesMessage: 'This is for customer accounts.',
  });
}

/** The tax-pro area: accountants (cpa) and admins. */
function cpaRoute<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: Parameters<typeof authedRoute<C>>[2],
): void {
  authedRoute(app, call, handler, {
    roles: ['cpa', 'admin'],
    rolesMessage: 'This is for tax professional accounts.',
  });
}

/** Tax professionals and their clients (spec 01 §1/§2/§4/§6/§7): roles, invitations, the client list. */
export function registerTaxProRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;

  customerRoute(app, listCustomerCpas, async ({ auth }) => {
    return { status: 'success' as const, data: await accountantsOf(db, auth.user) };
  });

  customerRoute(app, getCustomerCpa, async ({ auth, params }) => {
    const [link] = await accountantsOf(db, auth.user, params.id);
    if (!link) throw notFound('Accountant');
    return { status: 'success' as const, data: link };
  });

  customerRoute(app, inviteAccountant, async ({ auth, body }) => {
    const link = await invite(ctx, auth.user, body.email, 'customer');
    const [data] = await accountantsOf(db, auth.user, link.id);
    return { status: 'success' as const, message: `Invitation sent to ${body.email}`, data: data! };
  });

  customerRoute(app, revokeAccountant, async ({ auth, params }) => {
    await revoke(ctx, auth.user, params.id);
    return { status: 'success' as const, message: 'Access revoked' };
  });

  authedRoute(app, listPendingInvitations, async ({ auth }) => {
    const data = await pendingFor(ctx, auth.user);
    return { status: 'success' as const, count: data.length, data };
  });

  authedRoute(app, acceptInvitationToken, async ({ auth, body }) => {
    const done = await acceptByToken(ctx, auth.user, body.token);
    return {
      status: 'success' as const,
      message: done.alreadyAccepted ? ALREADY_ACCEPTED_MESSAGE : ACCEPTED_MESSAGE,
      from_role: done.fromRole,
      already_accepted: done.alreadyAccepted,
      client_id: done.clientId,
    };
  });

  authedRoute(app, answerInvitation, async ({ auth, params, body }) => {
    await answer(ctx, auth.user, params.id, body.accept);
    return { status: 'success' as const, message: body.accept ? ACCEPTED_MESSAGE : 'Invitation declined' };
  });

  cpaRoute(app, listClients, async ({ auth, query }) => {
    const { rows, total } = await clientsOf(db, auth.user.id, {
      q: query.q,
      page: query.page,
      perPage: query.per_page,
    });
    return {
      status: 'success' as const,
      data: await withOutOfDate(ctx, rows),
      meta: pageMeta(query.page, query.per_page, total),
    };
  });

  cpaRoute(app, getClient, async ({ auth, params }) => {
    const { rows } = await clientsOf(db, auth.user.id, { page: 1, perPage: 1, clientId: params.id });
    if (rows[0]?.status !== 'accepted') throw notFound('Client');
    const [row] = await withOutOfDate(ctx, [rows[0]]);
    return { status: 'success' as const, data: { ...row!, ...(await clientYears(ctx, params.id)) } };
  });

  cpaRoute(app, inviteClient, async ({ auth, body }) => {
    await invite(ctx, auth.user, body.email, 'cpa');
    return { status: 'success' as const, message: `Invitation sent to ${body.email}` };
  });

  cpaRoute(app, invitePay, async ({ auth, body }) => {
    if (!(await acceptedLink(db, auth.user.id, body.client_id))) throw notFound('Client');
    // Billing off: nothing is sold, so nobody is asked to pay (the page offers no such control).
    if (!ctx.billing.enabled)
      throw new AppError('conflict', 'Billing is off on this instance: every feature is included.');
    requireCataloguePlan(ctx, body.tax_year, body.plan_id);
    const { id } = await db
      .insertInto('plan_invitations')
      .values({
        cpa_user_id: auth.user.id,
        customer_user_id: body.client_id,
        tax_year: body.tax_year,
        plan_id: body.plan_id,
        status: 'sent',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const client = await ctx.users.findById(body.client_id);
    if (client)
      await ctx.mailer.send({
        to: client.email,
        subject: `Your accountant invited you to a Lotwise plan for ${body.tax_year}`,
        text: `${auth.user.email} invited you to the ${body.plan_id} plan for tax year ${body.tax_year}. Open ${ctx.config.publicUrl}/pricing_summary?taxYear=${body.tax_year}&planId=${encodeURIComponent(body.plan_id)} to pay for it.`,
      });
    return { status: 'success' as const, message: 'Invitation to pay sent', id };
  });
}
