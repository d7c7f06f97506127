import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface HangingServer {
  url: string;
  /** Requests it received (and never answered). */
  readonly requests: string[];
  stop(): Promise<void>;
}

/**
 * A local HTTP server that accepts every connection, reads the request and never answers:
 * a price provider that hangs (issue 35), unlike a closed port, which refuses at once.
 */
export async function hangingServer(): Promise<HangingServer> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, _res: ServerResponse) => {
    requests.push(req.url ?? '');
  });
  // Node's own request timeouts would answer 408 after a while: never.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
