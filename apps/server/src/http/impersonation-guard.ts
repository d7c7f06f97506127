import { ACCESS_ENDED } from '@lotwise/contracts/taxpro/taxpro';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mayImpersonate } from '../modules/taxpro/access.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { allowedWhileImpersonating } from './impersonation-policy.ts';
import { startSession } from './session-cookies.ts';

export const NOT_WHILE_VIEWING = "Not available while you are viewing a client's account.";

/**
 * Runs on every request of an impersonation session, after routing: when the client revoked the
 * accountant (or the accountant lost the role or was disabled), the impersonation ends on this
 * request — the accountant gets their own session back and the request is refused. Otherwise
 * only the routes impersonation-policy.ts allows answer (deny by default).
 */
export async function checkImpersonation(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const auth = request.auth;
  if (!auth?.impersonator) return;
  if (!(await mayImpersonate(ctx.db.kysely, auth.impersonator, auth.user.id))) {
    // A refused websocket handshake's Set-Cookie is dropped by browsers: swapping the session
    // there would leave the accountant's browser holding a deleted one (signed out). The socket
    // is only refused; the page's next HTTP request hands the accountant their own session.
    if (request.routeOptions.url === '/api/ws') throw new AppError('forbidden', ACCESS_ENDED);
    const actor = auth.impersonator;
    await startSession(ctx, request, reply, actor.id);
    request.auth = null;
    throw new AppError('forbidden', ACCESS_ENDED);
  }
  // Decided by the route Fastify matched (after routing, so '/api/users/%70rofile' is the
  // profile route), never by the URL text; a route the policy does not allow is refused.
  if (!allowedWhileImpersonating(request.method, request.routeOptions.url))
    throw new AppError('forbidden', NOT_WHILE_VIEWING);
}
