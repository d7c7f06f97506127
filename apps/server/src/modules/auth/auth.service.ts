import { randomUUID } from 'node:crypto';
import { passwordProblems } from '@lotwise/contracts/auth/password-rules';
import type { NewUser, UserRow } from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import type { AttemptsRepo } from '../../shared/attempts.repo.ts';
import { judgeGuess, limits } from '../../shared/limits.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../shared/passwords.ts';
import { hashToken, newToken } from '../../shared/tokens.ts';
import { checkTotp, normaliseRecoveryCode } from './mfa-codes.ts';

const MFA_CHALLENGE_TTL_MS = 10 * 60 * 1000;
const MFA_MAX_ATTEMPTS = 5;

export const INVALID_CREDENTIALS = 'The e-mail or password is not correct.';
export const WRONG_CODE = 'That code is not correct. Check your authenticator app and try again.';
export const EXPIRED_CHALLENGE = 'Your sign-in has expired. Please log in again.';

export function assertStrongPassword(password: string, email: string): void {
  const problems = passwordProblems(password, email);
  if (problems.length > 0) {
    throw new AppError('weak_password', problems.join('. '), { messages: problems, field: 'password' });
  }
}

/** A new customer account's row: the defaults every sign-up path starts from. */
export function newCustomerRow(
  email: string,
  passwordHash: string,
  now: string,
  names: { firstName: string | null; lastName: string | null } = { firstName: null, lastName: null },
): NewUser {
  return {
    uuid: randomUUID(),
    email,
    password_hash: passwordHash,
    first_name: names.firstName,
    last_name: names.lastName,
    username: null,
    roles: 'customer',
    country_code: 'US',
    currency: 'USD',
    timezone: 'UTC',
    mfa_secret: null,
    mfa_pending_secret: null,
    bulk_edit_preference: null,
    created_at: now,
    updated_at: now,
  };
}

export async function signUp(
  ctx: AppContext,
  input: { email: string; password: string; first_name?: string | undefined; last_name?: string | undefined },
): Promise<UserRow> {
  assertStrongPassword(input.password, input.email);
  if (await ctx.users.findByEmail(input.email)) {
    throw new AppError('email_taken', 'An account with this e-mail already exists. Log in instead.', {
      field: 'email',
    });
  }
  const now = nowIso();
  try {
    return await ctx.users.insert(
      newCustomerRow(input.email.toLowerCase(), await hashPassword(input.password), now, {
        firstName: input.first_name || null,
        lastName: input.last_name || null,
      }),
    );
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides.
    if (await ctx.users.findByEmail(input.email)) {
      throw new AppError('email_taken', 'An account with this e-mail already exists. Log in instead.', {
        field: 'email',
      });
    }
    throw error;
  }
}

export type LoginOutcome = { kind: 'signed_in'; user: UserRow } | { kind: 'mfa_required'; mfaToken: string };

/** An admin disabled the account (issue 19). */
export const ACCOUNT_DISABLED =
  'This account is disabled. Please contact the administrator of this Lotwise instance.';

export async function checkCredentials(
  ctx: AppContext,
  email: string,
  password: string,
): Promise<LoginOutcome> {
  const user = await ctx.users.findByEmail(email);
  if (!user) {
    await burnPasswordCheck(password);
    throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
  }
  if (user.disabled_at) throw new AppError('forbidden', ACCOUNT_DISABLED);
  if (!user.mfa_enabled) return { kind: 'signed_in', user };
  const mfaToken = newToken();
  await ctx.db.kysely
    .insertInto('mfa_challenges')
    .values({
      id: hashToken(mfaToken),
      user_id: user.id,
      attempts: 0,
      created_at: nowIso(),
      expires_at: new Date(Date.now() + MFA_CHALLENGE_TTL_MS).toISOString(),
    })
    .execute();
  return { kind: 'mfa_required', mfaToken };
}

/**
 * Second step of a sign-in: a TOTP code, or one of the user's unused recovery codes. The
 * challenge's attempt is claimed in one UPDATE … RETURNING before the code is judged, so at most
 * MFA_MAX_ATTEMPTS codes are ever judged per challenge however many arrive at once; wrong codes
 * also count against the user (all challenges, `limits.codes`).
 */
export async function completeMfa(
  ctx: AppContext,
  attempts: AttemptsRepo,
  mfaToken: string,
  code: string,
): Promise<UserRow> {
  const db = ctx.db.kysely;
  const id = hashToken(mfaToken);
  const claimed = await db
    .updateTable('mfa_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('expires_at', '>', nowIso())
    .where('attempts', '<', MFA_MAX_ATTEMPTS)
    .returning('user_id')
    .executeTakeFirst();
  if (!claimed) {
    // Only an expired challenge is cleared here. One over its attempt cap stays until it
    // expires: deleting it would spend it under a request still judging a right code (of many
    // right codes at once, none signed in on PostgreSQL). Only the request that judges the
    // right code spends it.
    await db.deleteFrom('mfa_challenges').where('id', '=', id).where('expires_at', '<=', nowIso()).execute();
    throw new AppError('invalid_token', EXPIRED_CHALLENGE);
  }
  const user = await ctx.users.findById(claimed.user_id);
  const secret = user?.mfa_secret;
  if (!user || !secret) throw new AppError('invalid_token', EXPIRED_CHALLENGE);

  return judgeGuess(attempts, [limits.codes(ctx.config, user.id)], async () => {
    const ok = checkTotp(code.trim(), secret) || (await useRecoveryCode(ctx, user.id, code));
    if (!ok) throw new AppError('invalid_mfa_code', WRONG_CODE, { field: 'code' });
    // Spent once: of two right codes racing, only the one that deletes the challenge signs in.
    const spent = await db.deleteFrom('mfa_challenges').where('id', '=', id).executeTakeFirst();
    if (Number(spent.numDeletedRows) === 0) throw new AppError('invalid_token', EXPIRED_CHALLENGE);
    return user;
  });
}

export async function useRecoveryCode(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const result = await ctx.db.kysely
    .updateTable('recovery_codes')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashToken(normaliseRecoveryCode(code)))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export { sessionState } from './session-state.ts';
