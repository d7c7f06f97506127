import type { FastifyInstance } from 'fastify';
import { newToken } from '../shared/tokens.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { checkImpersonation } from './impersonation-guard.ts';
import { CSRF_COOKIE, CSRF_HEADER, csrfCookieOptions, SESSION_COOKIE } from './session-cookies.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Loads the session behind the httpOnly cookie and enforces double-submit CSRF
 * protection: every state-changing API call must echo the readable CSRF cookie in a header.
 */
export function installSessions(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('csrfToken', '');

  // onRequest runs after routing: the matched route decides (an encoded '/%61pi/…' is an /api route).
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!(route ?? request.url).startsWith('/api/')) return;
    const existingCsrf = request.cookies[CSRF_COOKIE];
    request.csrfToken = existingCsrf ?? newToken(24);
    if (!existingCsrf) reply.setCookie(CSRF_COOKIE, request.csrfToken, csrfCookieOptions(ctx));

    // Stripe's webhook carries no session and no CSRF cookie: its signature is checked instead.
    if (UNSAFE.has(request.method) && route !== '/api/billing/webhook') {
      const sent = request.headers[CSRF_HEADER];
      if (!existingCsrf || typeof sent !== 'string' || sent !== existingCsrf) {
        throw new AppError('csrf_failed', 'Your session is out of date. Reload the page and try again.');
      }
    }

    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await ctx.sessions.findValid(token);
    const user = session && (await ctx.users.findById(session.user_id));
    // A disabled account (admin) keeps no session.
    if (!session || !user || user.disabled_at) {
      // An unknown token is only ignored, its cookie left alone: it may be a request that left
      // before a parallel one swapped the session (sign-in, the end of an impersonation), and
      // clearing the cookie here would erase the new one that answer just set (signed out).
      if (session) {
        await ctx.sessions.delete(token);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      }
      return;
    }
    await ctx.sessions.touch(session);
    const impersonator = session.impersonator_user_id
      ? ((await ctx.users.findById(session.impersonator_user_id)) ?? null)
      : null;
    request.auth = { user, session, token, impersonator };
    if (impersonator) await checkImpersonation(ctx, request, reply);
  });
}
