import {
  getOnboardingFlag,
  getTimezoneOptions,
  saveCurrency,
  saveLocation,
  saveNotifications,
  saveOnboardingStep,
  sendDesktopLink,
  setOnboardingFlag,
  updateRole,
} from '@lotwise/contracts/onboarding/onboarding';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { authedRoute } from '../../http/route.ts';
import { parseRoles, toUser } from '../users/users.service.ts';
import { REPORTING_CURRENCIES, TIMEZONES } from './currencies.ts';

function flagOf(user: UserRow) {
  return {
    onboarded: Boolean(user.onboarded),
    is_imported: Boolean(user.transaction_uploaded),
    is_customer: parseRoles(user.roles).includes('customer'),
    currency: user.currency,
  };
}

export function registerOnboardingRoutes(app: FastifyInstance, ctx: AppContext): void {
  authedRoute(app, updateRole, async ({ auth, body }) => {
    // Admin stays admin; the choice swaps customer/cpa.
    const keep = parseRoles(auth.user.roles).filter((r) => r === 'admin');
    const chosen = body.role === 'both' ? ['customer', 'cpa'] : [body.role];
    const user = await ctx.users.update(auth.user.id, { roles: [...keep, ...chosen].join(',') });
    // No longer a cpa: websockets opened in clients' accounts close (every process).
    ctx.hub.accessChanged({ userIds: [auth.user.id] });
    return { status: 'success' as const, user: toUser(user) };
  });

  authedRoute(app, saveLocation, async ({ auth, body }) => {
    await ctx.users.update(auth.user.id, { country_code: body.country_code });
    return { status: 'success' as const };
  });

  authedRoute(app, getTimezoneOptions, async ({ auth }) => ({
    currencies: REPORTING_CURRENCIES.map((c) => ({ ...c })),
    timezones: TIMEZONES,
    current: { currency: auth.user.currency, timezone: auth.user.timezone },
  }));

  authedRoute(app, saveCurrency, async ({ auth, body }) => {
    if (!REPORTING_CURRENCIES.some((c) => c.code === body.currency)) {
      throw new AppError(
        'validation_failed',
        `currency: ${body.currency} is not a supported reporting currency`,
        {
          field: 'currency',
        },
      );
    }
    if (!TIMEZONES.includes(body.timezone)) {
      throw new AppError('validation_failed', `timezone: ${body.timezone} is not a known time zone`, {
        field: 'timezone',
      });
    }
    await ctx.users.update(auth.user.id, { currency: body.currency, timezone: body.timezone });
    return { status: 'success' as const };
  });

  authedRoute(app, saveNotifications, async ({ auth, body }) => {
    await ctx.users.update(auth.user.id, {
      ...(body.email_notifications !== undefined ? { email_notifications: body.email_notifications } : {}),
      ...(body.switch_notifications !== undefined ? { switch_notifications: body.switch_notifications } : {}),
    });
    return { status: 'success' as const };
  });

  authedRoute(app, getOnboardingFlag, async ({ auth }) => flagOf(auth.user));

  authedRoute(app, setOnboardingFlag, async ({ auth, body }) =>
    flagOf(await ctx.users.update(auth.user.id, { onboarded: body.onboarded })),
  );

  authedRoute(app, saveOnboardingStep, async ({ auth, body }) => {
    // The furthest step is kept: going back a step does not forget how far the user got.
    await ctx.db.kysely
      .updateTable('users')
      .set({ onboarding_step: body.step, updated_at: nowIso() })
      .where('id', '=', auth.user.id)
      .where('onboarding_step', '<', body.step)
      .execute();
    const user = await ctx.users.findById(auth.user.id);
    return { status: 'success' as const, onboarding_step: toUser(user!).onboarding_step };
  });

  authedRoute(app, sendDesktopLink, async ({ auth, body }) => {
    const link = `${ctx.config.publicUrl}${body.redirectTo}`;
    await ctx.mailer.send({
      to: auth.user.email,
      subject: 'Continue with Lotwise on your computer',
      text: `Open this link on your desktop computer to continue where you left off: ${link}`,
    });
    return { success: true, message: `We sent a link to ${auth.user.email}.` };
  });
}
