import { mfaDisable, mfaEnable, mfaSetup, mfaStatus } from '@lotwise/contracts/auth/mfa';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { authedRoute } from '../../http/route.ts';
import { AttemptsRepo } from '../../shared/attempts.repo.ts';
import { judgeGuess, limits } from '../../shared/limits.ts';
import { hashToken } from '../../shared/tokens.ts';
import { useRecoveryCode, WRONG_CODE } from './auth.service.ts';
import { checkTotp, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, totpUri } from './mfa-codes.ts';

export function registerMfaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;
  const attempts = new AttemptsRepo(db);

  authedRoute(app, mfaStatus, async ({ auth }) => {
    const left = await db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', auth.user.id)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { enabled: Boolean(auth.user.mfa_enabled), recovery_codes_left: Number(left.n) };
  });

  authedRoute(app, mfaSetup, async ({ auth }) => {
    if (auth.user.mfa_enabled) throw new AppError('conflict', 'Two-factor authentication is already on.');
    const secret = newTotpSecret();
    await ctx.users.update(auth.user.id, { mfa_pending_secret: secret });
    const otpauthUrl = totpUri(auth.user.email, secret);
    return {
      secret,
      otpauth_url: otpauthUrl,
      qr_code: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }),
    };
  });

  authedRoute(app, mfaEnable, async ({ auth, body }) => {
    const secret = auth.user.mfa_pending_secret;
    if (!secret) throw new AppError('conflict', 'Start the set-up again: scan a new QR code first.');
    if (!checkTotp(body.code, secret)) throw new AppError('invalid_mfa_code', WRONG_CODE, { field: 'code' });
    const codes = newRecoveryCodes();
    await db.transaction().execute(async (trx) => {
      // Conditional on the pending secret, so of two enables racing only one turns it on and
      // its recovery codes are the ones kept.
      const enabled = await trx
        .updateTable('users')
        .set({
          mfa_enabled: true,
          mfa_secret: secret,
          mfa_pending_secret: null,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', auth.user.id)
        .where('mfa_pending_secret', '=', secret)
        .executeTakeFirst();
      if (Number(enabled.numUpdatedRows) === 0)
        throw new AppError('conflict', 'Two-factor authentication is already on.');
      await trx.deleteFrom('recovery_codes').where('user_id', '=', auth.user.id).execute();
      await trx
        .insertInto('recovery_codes')
        .values(
          codes.map((c) => ({
            user_id: auth.user.id,
            code_hash: hashToken(normaliseRecoveryCode(c)),
            used_at: null,
          })),
        )
        .execute();
    });
    return { status: 'success' as const, recovery_codes: codes };
  });

  authedRoute(app, mfaDisable, async ({ auth, body }) => {
    const secret = auth.user.mfa_secret;
    if (!auth.user.mfa_enabled || !secret)
      throw new AppError('conflict', 'Two-factor authentication is not on.');
    // Wrong codes count against the user (with sign-in's), atomically: parallel guesses too.
    await judgeGuess(attempts, [limits.codes(ctx.config, auth.user.id)], async () => {
      const ok = checkTotp(body.code, secret) || (await useRecoveryCode(ctx, auth.user.id, body.code));
      if (!ok) throw new AppError('invalid_mfa_code', WRONG_CODE, { field: 'code' });
    });
    await db.deleteFrom('recovery_codes').where('user_id', '=', auth.user.id).execute();
    await ctx.users.update(auth.user.id, { mfa_enabled: false, mfa_secret: null, mfa_pending_secret: null });
    return { status: 'success' as const, message: 'Two-factor authentication is off.' };
  });
}
