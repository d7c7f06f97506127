import type { UserRow } from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from '../../shared/passwords.ts';
import { hashToken, newToken } from '../../shared/tokens.ts';
import { assertStrongPassword, newCustomerRow } from './auth.service.ts';

export interface SignUpConfirmationsTable {
  token_hash: string;
  user_id: number;
  /** argon2id of the password chosen at this sign-up: the link is spent with it. */
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  created_at: string;
  expires_at: string;
}

declare module '../../db/schema.ts' {
  interface Database {
    sign_up_confirmations: SignUpConfirmationsTable;
  }
}

export const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
export const INVALID_CONFIRMATION = 'This link has expired or was already used. Please sign up again.';
export const WRONG_CONFIRM_PASSWORD = 'Enter the password you chose when you signed up.';

/**
 * A sign-up on an instance that confirms addresses (issue 32): nobody learns from it whether the
 * address already has an account. A new address gets an account nobody can sign in to yet and a
 * mailed link; an address waiting for its link gets another; an account in use gets an e-mail
 * saying someone tried to sign up with it. The caller answers the same in every case, and each
 * case hashes the password (the answer takes as long).
 */
export async function signUpByEmail(
  ctx: AppContext,
  input: { email: string; password: string; first_name?: string | undefined; last_name?: string | undefined },
): Promise<void> {
  assertStrongPassword(input.password, input.email);
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const unusable = await hashPassword(newToken());
  const existing = await ctx.users.findByEmail(email);
  if (existing && !(await waitingForLink(ctx, existing))) return tellOwner(ctx, existing);
  let user = existing;
  if (!user) {
    const now = nowIso();
    try {
      // Nothing signs in to it until the link is spent with this sign-up's password.
      user = await ctx.users.insert(newCustomerRow(email, unusable, now));
    } catch (error) {
      // Two sign-ups racing for one address: the unique index decides, the loser is told like any other.
      const winner = await ctx.users.findByEmail(email);
      if (!winner) throw error;
      user = winner;
    }
  }
  const token = newToken();
  await ctx.db.kysely
    .insertInto('sign_up_confirmations')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      password_hash: passwordHash,
      first_name: input.first_name || null,
      last_name: input.last_name || null,
      created_at: nowIso(),
      expires_at: new Date(Date.now() + CONFIRM_TTL_MS).toISOString(),
    })
    .execute();
  const link = `${ctx.config.publicUrl}/confirm_sign_up?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: email,
    subject: 'Finish creating your Lotwise account',
    text: [
      'Someone (we hope you) signed up for Lotwise with this e-mail address.',
      '',
      `Open this link within 24 hours and enter the password you chose to finish: ${link}`,
      '',
      "If it wasn't you, ignore this e-mail: no account is opened for this address.",
    ].join('\n'),
  });
}

/** An account nobody has signed in to yet: a sign-up's link waits and the address is unproven. */
async function waitingForLink(ctx: AppContext, user: UserRow): Promise<boolean> {
  if (user.email_verified_at) return false;
  const row = await ctx.db.kysely
    .selectFrom('sign_up_confirmations')
    .select('token_hash')
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return row !== undefined;
}

async function tellOwner(ctx: AppContext, user: UserRow): Promise<void> {
  await ctx.mailer.send({
    to: user.email,
    subject: 'Someone tried to sign up with your address',
    text: [
      'Someone tried to create a Lotwise account with this e-mail address, which already has one.',
      'No new account was opened and nothing changed in yours.',
      '',
      `If it was you, log in instead: ${ctx.config.publicUrl}/login`,
      `Forgot your password? Reset it here: ${ctx.config.publicUrl}/forgotpassword`,
    ].join('\n'),
  });
}

/**
 * Spends a sign-up's link with the password chosen at that sign-up: the account takes that
 * password and name, its address counts as proven, and every other link of it ends.
 */
export async function confirmSignUp(ctx: AppContext, token: string, password: string): Promise<UserRow> {
  const db = ctx.db.kysely;
  const row = await db
    .selectFrom('sign_up_confirmations')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  const user = row && row.expires_at > nowIso() ? await ctx.users.findById(row.user_id) : undefined;
  if (!row || !user || user.email_verified_at)
    throw new AppError('invalid_token', INVALID_CONFIRMATION, { field: 'token' });
  if (!(await verifyPassword(row.password_hash, password)))
    throw new AppError('invalid_credentials', WRONG_CONFIRM_PASSWORD, { field: 'password' });
  await db.transaction().execute(async (trx) => {
    const spent = await trx
      .deleteFrom('sign_up_confirmations')
      .where('token_hash', '=', row.token_hash)
      .executeTakeFirst();
    if (Number(spent.numDeletedRows) === 0)
      throw new AppError('invalid_token', INVALID_CONFIRMATION, { field: 'token' });
    const now = nowIso();
    await trx
      .updateTable('users')
      .set({
        password_hash: row.password_hash,
        first_name: row.first_name,
        last_name: row.last_name,
        email_verified_at: now,
        updated_at: now,
      })
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('sign_up_confirmations').where('user_id', '=', user.id).execute();
  });
  return (await ctx.users.findById(user.id)) as UserRow;
}
