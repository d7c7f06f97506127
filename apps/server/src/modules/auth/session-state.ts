import type { SessionState } from '@lotwise/contracts/auth/session';
import type { User } from '@lotwise/contracts/users/user';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { toUser } from '../users/users.service.ts';

export function sessionState(
  request: FastifyRequest,
  user: UserRow | null = request.auth?.user ?? null,
): SessionState {
  const impersonator = request.auth?.impersonator;
  const viewed = request.auth?.user;
  return {
    user: user ? (impersonator ? clientView(toUser(user)) : toUser(user)) : null,
    csrf_token: request.csrfToken,
    masquerade:
      impersonator && viewed
        ? {
            name: [viewed.first_name, viewed.last_name].filter(Boolean).join(' ') || viewed.email,
            email: viewed.email,
            uuid: viewed.uuid,
          }
        : null,
  };
}

/**
 * The client's account as an impersonating session sees it (README, "What an accountant may do
 * in a client's account"): whose account it is (id, uuid, e-mail, names), its roles, its page layout
 * (combined_page) and the currency, time zone and country its data is shown in (amounts,
 * dates, the US-only pages), and when it was made.
 * Two-factor, the notification choices, onboarding progress, the banners dismissed and the
 * bulk-edit choice are the client's own (GET /api/setting and /api/users/mfa are refused):
 * they read as fixed values that say nothing of the client.
 */
export function clientView(user: User): User {
  return {
    ...user,
    username: null,
    mfa_enabled: false,
    email_notifications: false,
    switch_notifications: false,
    onboarded: true,
    onboarding_step: 5,
    transaction_uploaded: false,
    resync_reminder: false,
    safe_harbor_dismissed: false,
    bulk_edit_preference: null,
  };
}
