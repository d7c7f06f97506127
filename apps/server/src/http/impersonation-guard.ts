import { ACCESS_ENDED } from '@lotwise/contracts/taxpro/taxpro';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mayImpersonate } from '../modules/taxpro/access.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { startSession } from './session-plugin.ts';

export const NOT_WHILE_VIEWING = "Not available while you are viewing a client's account.";

/**
 * What an accountant may not do inside a client's account, whatever the link: the client's
 * sign-in (password, MFA secrets, e-mail), their accountants and invitations, their role,
 * a second impersonation, and anything an admin does.
 */
const BLOCKED: Array<{ methods: 'unsafe' | 'all'; pattern: RegExp }> = [
  { methods: 'all', pattern: /^\/api\/users\/mfa\/(setup|enable|disable)/ },
  { methods: 'unsafe', pattern: /^\/api\/users\/(change_password|profile)/ },
  { methods: 'unsafe', pattern: /^\/api\/(setting|onboarding\/settings\/update_role)/ },
  { methods: 'unsafe', pattern: /^\/api\/(customer_cpa|invitations)/ },
  { methods: 'all', pattern: /^\/api\/users\/\d+\/impersonate/ },
  { methods: 'all', pattern: /^\/api\/admin\// },
  // Paying is the client's own decision (an accountant invites them to pay instead).
  { methods: 'unsafe', pattern: /^\/api\/billing\/checkout/ },
];

/**
 * Runs on every request of an impersonation session: when the client revoked the accountant
 * (or the accountant lost the role or was disabled), the impersonation ends on this request —
 * the accountant gets their own session back and the request is refused.
 */
export async function checkImpersonation(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const auth = request.auth;
  if (!auth?.impersonator) return;
  if (!(await mayImpersonate(ctx.db.kysely, auth.impersonator, auth.user.id))) {
    const actor = auth.impersonator;
    await startSession(ctx, request, reply, actor.id);
    request.auth = null;
    throw new AppError('forbidden', ACCESS_ENDED);
  }
  const path = request.url.split('?')[0] ?? '';
  const unsafe = request.method !== 'GET' && request.method !== 'HEAD';
  if (BLOCKED.some((b) => (b.methods === 'all' || unsafe) && b.pattern.test(path)))
    throw new AppError('forbidden', NOT_WHILE_VIEWING);
}
