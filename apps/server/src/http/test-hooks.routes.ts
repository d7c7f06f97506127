import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from './context.ts';
import { notFound } from './errors.ts';

/**
 * Only mounted with LOTWISE_TEST_HOOKS=1 (end-to-end tests): set a user's roles and
 * age reset links, which no real user can do through the product.
 */
export function registerTestHooks(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    '/api/test/set_roles',
    { schema: { hide: true, body: z.object({ email: z.string(), roles: z.array(z.string()) }) } },
    async (request) => {
      const { email, roles } = request.body as { email: string; roles: string[] };
      const user = await ctx.users.findByEmail(email);
      if (!user) throw notFound('User');
      await ctx.users.update(user.id, { roles: roles.join(',') });
      return { status: 'success' };
    },
  );

  app.post(
    '/api/test/expire_reset_tokens',
    { schema: { hide: true, body: z.object({ email: z.string() }) } },
    async (request) => {
      const user = await ctx.users.findByEmail((request.body as { email: string }).email);
      if (!user) throw notFound('User');
      await ctx.db.kysely
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      return { status: 'success' };
    },
  );
}
