import type { SessionState } from '@lotwise/contracts/auth/session';
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
    user: user ? toUser(user) : null,
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
