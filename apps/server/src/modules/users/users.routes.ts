import {
  changePassword,
  dismissSafeHarborBanner,
  getSetting,
  getUserRole,
  saveSetting,
  updateProfile,
  updateTransactionUploaded,
} from '@lotwise/contracts/users/account';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { authedRoute } from '../../http/route.ts';
import { AttemptsRepo } from '../../shared/attempts.repo.ts';
import { judgeGuess, limits } from '../../shared/limits.ts';
import { hashPassword, verifyPassword } from '../../shared/passwords.ts';
import { assertStrongPassword, INVALID_CREDENTIALS } from '../auth/auth.service.ts';
import { parseRoles, toUser } from './users.repo.ts';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const attempts = new AttemptsRepo(ctx.db.kysely);
  authedRoute(app, getUserRole, async ({ auth }) => ({ roles: parseRoles(auth.user.roles) }));

  authedRoute(app, getSetting, async ({ auth }) => ({
    data: {
      updated_at: auth.user.updated_at,
      country_code: auth.user.country_code,
      bulk_edit_preference: toUser(auth.user).bulk_edit_preference,
    },
  }));

  authedRoute(app, saveSetting, async ({ auth, body }) => {
    await ctx.users.update(auth.user.id, { bulk_edit_preference: body.bulk_edit_preference });
    return { status: 'success' as const, message: ['Preference saved'] };
  });

  authedRoute(app, dismissSafeHarborBanner, async ({ auth }) => {
    await ctx.users.update(auth.user.id, { safe_harbor_dismissed: true });
    return { status: 'success' as const };
  });

  authedRoute(app, updateProfile, async ({ auth, body }) => {
    const user = await ctx.users.update(auth.user.id, {
      first_name: body.first_name || null,
      last_name: body.last_name || null,
      username: body.username || null,
      country_code: body.country_code,
    });
    return { status: 'success' as const, user: toUser(user) };
  });

  authedRoute(app, changePassword, async ({ auth, body }) => {
    // A session left open must not become a way to guess the password: wrong ones are limited.
    await judgeGuess(attempts, [limits.currentPassword(ctx.config, auth.user.id)], async () => {
      if (!(await verifyPassword(auth.user.password_hash, body.current_password))) {
        throw new AppError('invalid_credentials', `Current password: ${INVALID_CREDENTIALS}`, {
          field: 'current_password',
        });
      }
    });
    assertStrongPassword(body.new_password, auth.user.email);
    await ctx.users.update(auth.user.id, { password_hash: await hashPassword(body.new_password) });
    await ctx.sessions.deleteAllForUser(auth.user.id, auth.token);
    return { status: 'success' as const, message: 'Password changed. Other devices have been signed out.' };
  });

  authedRoute(app, updateTransactionUploaded, async ({ auth }) => {
    await ctx.users.update(auth.user.id, { transaction_uploaded: true });
    return { status: 'success' as const };
  });
}
