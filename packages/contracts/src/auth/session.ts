import { z } from 'zod';
import { defineCall, successStatus } from '../http.ts';
import { masquerade, user } from '../users/user.ts';
import { email, password } from './password-rules.ts';

export const sessionState = z.object({
  user: user.nullable(),
  /** Double-submit token: send it back in the x-csrf-token header on every change. */
  csrf_token: z.string(),
  masquerade: masquerade.nullable(),
});
export type SessionState = z.infer<typeof sessionState>;

export const getSession = defineCall({
  method: 'GET',
  path: '/api/auth/session',
  summary: 'The signed-in user (or null) and the CSRF token for this browser',
  tag: 'auth',
  public: true,
  response: sessionState,
});

/**
 * Where a sign-up is finished from the e-mailed link (the instance confirms addresses): the same
 * answer whether the address was new or already had an account, so the form reveals no account.
 */
export const signUpPending = z.object({ status: z.literal('confirm_email'), message: z.string() });
export const CONFIRM_EMAIL_MESSAGE =
  'Check your e-mail: we sent a link to finish creating your account. It works for 24 hours.';

export const signUp = defineCall({
  method: 'POST',
  path: '/api/auth/sign_up',
  summary: 'Create an account and sign in, or (addresses confirmed by e-mail) mail the link that finishes it',
  tag: 'auth',
  public: true,
  body: z.object({
    email,
    password,
    first_name: z.string().trim().max(100).optional(),
    last_name: z.string().trim().max(100).optional(),
  }),
  response: z.union([sessionState, signUpPending]),
});

/** The e-mailed link of a sign-up, spent with the password chosen at that sign-up: signs in. */
export const confirmSignUp = defineCall({
  method: 'POST',
  path: '/api/auth/confirm_sign_up',
  summary: 'Finish a sign-up with the e-mailed token and its password, and sign in',
  tag: 'auth',
  public: true,
  body: z.object({ token: z.string().min(1).max(200), password: z.string().min(1).max(200) }),
  response: sessionState,
});

export const loginResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), session: sessionState }),
  z.object({ status: z.literal('mfa_required'), mfa_token: z.string() }),
]);

export const login = defineCall({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in with e-mail and password; answers mfa_required when TOTP is on',
  tag: 'auth',
  public: true,
  body: z.object({ email, password }),
  response: loginResult,
});

export const loginMfa = defineCall({
  method: 'POST',
  path: '/api/auth/login/mfa',
  summary: 'Finish a sign-in with a TOTP code or a recovery code',
  tag: 'auth',
  public: true,
  body: z.object({
    mfa_token: z.string().min(1).max(200),
    code: z.string().trim().min(6, 'Enter the 6-digit code from your authenticator app').max(20),
  }),
  response: loginResult,
});

export const logout = defineCall({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'Sign out and end the session',
  tag: 'auth',
  public: true,
  response: successStatus,
});

export const forgotPassword = defineCall({
  method: 'POST',
  path: '/api/auth/forgot_password',
  summary: 'Send a single-use password reset link (answers the same whether or not the address exists)',
  tag: 'auth',
  public: true,
  body: z.object({ email }),
  response: successStatus,
});

export const resetPassword = defineCall({
  method: 'POST',
  path: '/api/auth/reset_password',
  summary: 'Set a new password with a reset token',
  tag: 'auth',
  public: true,
  body: z.object({ token: z.string().min(1).max(200), password }),
  response: successStatus,
});
