import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { hashPassword } from '../../shared/passwords.ts';
import { hashToken, newToken } from '../../shared/tokens.ts';
import { assertStrongPassword } from './auth.service.ts';

export const RESET_TTL_MS = 60 * 60 * 1000;
export const FORGOT_MESSAGE = 'If an account exists for that e-mail, we sent a link to reset the password.';
export const INVALID_RESET = 'This reset link has expired or was already used. Please request a new one.';

/** Same answer whether or not the address exists, so the form can't be used to probe for accounts. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await ctx.users.findByEmail(email);
  if (!user) return;
  const token = newToken();
  await ctx.db.kysely
    .insertInto('password_resets')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      created_at: nowIso(),
      expires_at: new Date(Date.now() + RESET_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  const link = `${ctx.config.publicUrl}/resetpassword?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your Lotwise password',
    text: [
      'Someone asked to reset the password of your Lotwise account.',
      '',
      `Open this link within one hour to choose a new password: ${link}`,
      '',
      "If it wasn't you, ignore this e-mail; your password stays as it is.",
    ].join('\n'),
  });
}

/** Single use: the token is spent, every other reset link and every session of the user ends. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const db = ctx.db.kysely;
  const reset = await db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!reset || reset.used_at || reset.expires_at <= nowIso()) {
    throw new AppError('invalid_token', INVALID_RESET, { field: 'token' });
  }
  const user = await ctx.users.findById(reset.user_id);
  if (!user) throw new AppError('invalid_token', INVALID_RESET, { field: 'token' });
  assertStrongPassword(password, user.email);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('password_resets')
      .set({ used_at: nowIso() })
      .where('token_hash', '=', reset.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) === 0)
      throw new AppError('invalid_token', INVALID_RESET, { field: 'token' });
    await trx
      .updateTable('users')
      // Spending a link mailed to the address proves it is the user's (invitations: issue 32).
      .set({
        password_hash: passwordHash,
        updated_at: nowIso(),
        email_verified_at: user.email_verified_at ?? nowIso(),
      })
      .where('id', '=', user.id)
      .execute();
    await trx
      .deleteFrom('password_resets')
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
  });
  ctx.hub.accessChanged({ userIds: [user.id] });
}
