import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.ts';

/**
 * GET /api/ws upgrades to a websocket that pushes the signed-in user's notifications
 * (channel 'imports': imports and tax calculations changing state). The client refetches
 * on each message and on (re)connect.
 */
export function registerRealtime(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const auth = request.auth;
    if (!auth) {
      socket.close(4401, 'Please log in to continue.');
      return;
    }
    const unsubscribe = ctx.hub.subscribe(auth.user.id, (n) => socket.send(JSON.stringify(n)));
    socket.send(JSON.stringify({ channel: 'imports', event: 'connected' }));
    socket.on('close', unsubscribe);
  });
}
