import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.ts';
import { AppError } from '../http/errors.ts';
import { allowedOrigins, originAllowed } from './origin.ts';
import { SocketRegistry } from './sockets.ts';

/**
 * GET /api/ws upgrades to a websocket that pushes the signed-in user's notifications
 * (channel 'imports': imports and tax calculations changing state). The client refetches
 * on each message and on (re)connect. Only pages of Lotwise's own origin may open it, and it
 * closes as soon as the session or access behind it ends (SocketRegistry).
 */
export function registerRealtime(app: FastifyInstance, ctx: AppContext): void {
  const origins = allowedOrigins(ctx.config.publicUrl);
  const sockets = new SocketRegistry(ctx.db.kysely, ctx.hub, app.log);
  app.addHook('onClose', async () => sockets.close());

  app.get(
    '/api/ws',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        if (!originAllowed(request.headers.origin, origins))
          throw new AppError('forbidden', 'This page may not open Lotwise’s live updates.');
      },
    },
    (socket, request) => {
      const auth = request.auth;
      if (!auth) {
        socket.close(4401, 'Please log in to continue.');
        return;
      }
      const unsubscribe = ctx.hub.subscribe(auth.user.id, (n) => socket.send(JSON.stringify(n)));
      const forget = sockets.add(
        {
          // Not one more event once access ended, even before the close handshake completes.
          socket: {
            close: (code, reason) => {
              unsubscribe();
              socket.close(code, reason);
            },
          },
          sessionId: auth.session.id,
          userId: auth.user.id,
          impersonatorId: auth.impersonator?.id ?? null,
        },
        auth.session.expires_at,
      );
      socket.send(JSON.stringify({ channel: 'imports', event: 'connected' }));
      socket.on('close', () => {
        unsubscribe();
        forget();
      });
    },
  );
}
