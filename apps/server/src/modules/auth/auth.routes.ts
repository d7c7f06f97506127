import {
  CONFIRM_EMAIL_MESSAGE,
  confirmSignUp,
  forgotPassword,
  getSession,
  login,
  loginMfa,
  logout,
  resetPassword,
  signUp,
} from '@lotwise/contracts/auth/session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { publicRoute } from '../../http/route.ts';
import { endSession, startSession } from '../../http/session-cookies.ts';
import { AttemptsRepo } from '../../shared/attempts.repo.ts';
import { clientAddress, judgeGuess, limits } from '../../shared/limits.ts';
import {
  assertStrongPassword,
  checkCredentials,
  completeMfa,
  signUp as createAccount,
} from './auth.service.ts';
import {
  resetPassword as applyReset,
  FORGOT_MESSAGE,
  requestPasswordReset,
} from './password-reset.service.ts';
import { sessionState } from './session-state.ts';
import { confirmSignUp as finishSignUp, signUpByEmail } from './sign-up.service.ts';

/**
 * Requests are counted per client address (request.ip: the socket's, or what a proxy trusted by
 * TRUST_PROXY says) and account, so one attacker can't lock everyone out; wrong guesses are
 * also counted per account and per address in the database (`limits`), which rotating
 * addresses, parallel requests and other server processes do not get around.
 */
function perEmailAndIp(request: FastifyRequest): string {
  const body = request.body as { email?: unknown; mfa_token?: unknown } | undefined;
  const who =
    typeof body?.email === 'string' ? body.email.trim().toLowerCase() : String(body?.mfa_token ?? '');
  return `${clientAddress(request.ip)}|${who}`;
}

/** Per client address (an IPv6 client by its /64). */
const perClient = (request: FastifyRequest) => clientAddress(request.ip);

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limit = { max: ctx.config.loginRateLimit, timeWindow: '15 minutes', key: perEmailAndIp };
  const attempts = new AttemptsRepo(ctx.db.kysely);

  publicRoute(app, getSession, async ({ request }) => sessionState(request));

  publicRoute(
    app,
    signUp,
    async ({ body, request, reply }) => {
      // Addresses confirmed by e-mail: one answer whether or not the address had an account.
      if (ctx.config.signupConfirmEmail) {
        // After the answer (the same for every address): checking and writing take as long
        // whether or not it had an account.
        assertStrongPassword(body.password, body.email);
        app.afterAnswer.run('sign-up', () => signUpByEmail(ctx, body));
        return { status: 'confirm_email' as const, message: CONFIRM_EMAIL_MESSAGE };
      }
      const user = await createAccount(ctx, body);
      await startSession(ctx, request, reply, user.id);
      return sessionState(request, user);
    },
    { rateLimit: { max: ctx.config.signupRateLimit, timeWindow: '1 hour', key: perClient } },
  );

  publicRoute(
    app,
    confirmSignUp,
    async ({ body, request, reply }) => {
      const user = await finishSignUp(ctx, body.token, body.password);
      await startSession(ctx, request, reply, user.id);
      return sessionState(request, user);
    },
    { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '15 minutes', key: perClient } },
  );

  publicRoute(
    app,
    login,
    async ({ body, request, reply }) => {
      const outcome = await judgeGuess(
        attempts,
        [limits.loginAccount(ctx.config, body.email), limits.loginAddress(ctx.config, request.ip)],
        () => checkCredentials(ctx, body.email, body.password),
      );
      if (outcome.kind === 'mfa_required')
        return { status: 'mfa_required' as const, mfa_token: outcome.mfaToken };
      await startSession(ctx, request, reply, outcome.user.id);
      return { status: 'success' as const, session: sessionState(request, outcome.user) };
    },
    { rateLimit: limit },
  );

  publicRoute(
    app,
    loginMfa,
    async ({ body, request, reply }) => {
      const user = await completeMfa(ctx, attempts, body.mfa_token, body.code);
      await startSession(ctx, request, reply, user.id);
      return { status: 'success' as const, session: sessionState(request, user) };
    },
    { rateLimit: limit },
  );

  publicRoute(app, logout, async ({ request, reply }) => {
    await endSession(ctx, request, reply);
    return { status: 'success' as const };
  });

  publicRoute(
    app,
    forgotPassword,
    async ({ body }) => {
      // A few e-mails an hour to one address, counted whether or not it has an account; past
      // that the answer is the same and no mail goes out.
      // The look-up, the link and the e-mail happen after the answer, so it takes as long
      // whether or not the address has an account.
      if (await attempts.take(limits.resetMails(body.email)))
        app.afterAnswer.run('password reset', () => requestPasswordReset(ctx, body.email));
      return { status: 'success' as const, message: FORGOT_MESSAGE };
    },
    // Per client address, whichever addresses it asks about.
    { rateLimit: { max: 5, timeWindow: '15 minutes', key: perClient } },
  );

  publicRoute(
    app,
    resetPassword,
    async ({ body }) => {
      await applyReset(ctx, body.token, body.password);
      return { status: 'success' as const, message: 'Your password has been changed. Please log in.' };
    },
    { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '15 minutes', key: perClient } },
  );
}
