import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support: a local HTTP server standing in for the price providers, answering in each
 * provider's documented shapes from recorded data (replay-data.ts). Tests point the SDKs'
 * base URLs at it; it never runs in the app. Faults can be scripted per path prefix: a
 * number of 429s first, an outage (503), or a malformed reply.
 */
export interface ReplayRequest {
  method: string;
  path: string;
  query: URLSearchParams;
}

export type Fault = { kind: 'rate_limit'; times: number } | { kind: 'down' } | { kind: 'malformed' };

export type Handler = (request: ReplayRequest) => { status?: number; type?: string; body: string } | null;

export class ReplayServer {
  readonly requests: ReplayRequest[] = [];
  private readonly faults = new Map<string, Fault>();
  private server: Server | null = null;
  url = '';

  constructor(private readonly handlers: Handler[]) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.answer(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  /** From now on requests whose path starts with `prefix` meet `fault`. */
  fault(prefix: string, fault: Fault | null): void {
    if (fault) this.faults.set(prefix, fault);
    else this.faults.delete(prefix);
  }

  /** Forgets every fault and every request seen. */
  reset(): void {
    this.faults.clear();
    this.requests.length = 0;
  }

  /** Requests seen whose path starts with `prefix`. */
  seen(prefix: string): ReplayRequest[] {
    return this.requests.filter((r) => r.path.startsWith(prefix));
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://replay');
    const request = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams };
    this.requests.push(request);
    for (const [prefix, fault] of this.faults) {
      if (!request.path.startsWith(prefix)) continue;
      if (fault.kind === 'rate_limit' && fault.times > 0) {
        fault.times--;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(
          JSON.stringify({ status: { error_code: 429, error_message: "You've exceeded the Rate Limit." } }),
        );
        return;
      }
      if (fault.kind === 'down') {
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<html><body>503 Service Temporarily Unavailable</body></html>');
        return;
      }
      if (fault.kind === 'malformed') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"prices": [[1706745600000, "not a price"]], "data": {"ohlc": [{"timestamp": "x"}]}}');
        return;
      }
    }
    for (const handler of this.handlers) {
      const reply = handler(request);
      if (reply) {
        res.writeHead(reply.status ?? 200, { 'content-type': reply.type ?? 'application/json' });
        res.end(reply.body);
        return;
      }
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'coin not found' }));
  }
}
