import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionsTable, UserRow } from '../db/schema.ts';
import { newToken } from '../shared/tokens.ts';
import type { AppContext } from './context.ts';

/** The session and CSRF cookies: set at sign-in (and when an impersonation ends), cleared at sign-out. */
export const SESSION_COOKIE = 'lotwise_session';
export const CSRF_COOKIE = 'lotwise_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export interface Auth {
  user: UserRow;
  session: SessionsTable;
  token: string;
  /** The tax professional viewing this client's account, if any. */
  impersonator: UserRow | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
    csrfToken: string;
  }
}

export function sessionCookieOptions(ctx: AppContext): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.cookieSecure,
    maxAge: Math.floor(ctx.config.sessionTtlMs / 1000),
  };
}

export function csrfCookieOptions(ctx: AppContext): CookieSerializeOptions {
  return { path: '/', httpOnly: false, sameSite: 'strict', secure: ctx.config.cookieSecure };
}

/** Starts a session for the user: a fresh id every sign-in, and a fresh CSRF token with it. */
export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  impersonatorUserId: number | null = null,
) {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await ctx.sessions.delete(previous);
  const token = await ctx.sessions.create(userId, request.headers['user-agent'] ?? null, impersonatorUserId);
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(ctx));
  request.csrfToken = newToken(24);
  reply.setCookie(CSRF_COOKIE, request.csrfToken, csrfCookieOptions(ctx));
}

export async function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await ctx.sessions.delete(token);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  request.auth = null;
}
