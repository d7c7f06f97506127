import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Decimal from 'decimal.js';

/** One request a replay server received. */
export interface ReplayRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The body as sent (JSON or a form), and its fields when it is a form or a JSON object. */
  body: string;
  fields: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

/** What the handler answers: a status (200 unless given) and a JSON body (or text). */
export interface ReplayAnswer {
  status?: number;
  body: unknown;
  /** Headers besides the JSON content type (a consent page's HTML, a redirect's Location). */
  headers?: Record<string, string>;
}

/**
 * A local HTTP server standing in for an exchange's API in tests (ccxt's `urls.api` pointed at
 * it): it logs every request, answers queued faults first (a 429, a 503, a malformed page …),
 * then asks the handler, which answers in the exchange's documented JSON shapes. No request
 * leaves the machine.
 */
export class ExchangeReplay {
  readonly requests: ReplayRequest[] = [];
  /** Answered instead of the handler, in order, one per request. */
  readonly faults: { status: number; body: string }[] = [];
  private server: Server | null = null;
  url = '';

  constructor(private readonly handler: (req: ReplayRequest) => ReplayAnswer) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://replay');
        const request: ReplayRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          body,
          fields: fieldsOf(body),
          headers: req.headers,
        };
        this.requests.push(request);
        res.setHeader('content-type', 'application/json');
        const fault = this.faults.shift();
        if (fault) {
          res.statusCode = fault.status;
          res.end(fault.body);
          return;
        }
        let answer: ReplayAnswer;
        try {
          answer = this.handler(request);
        } catch (error) {
          answer = { status: 500, body: { error: String(error) } };
        }
        res.statusCode = answer.status ?? 200;
        for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
        res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((r) => this.server?.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Requests to paths matching `pattern` (the calls of one endpoint). */
  to(pattern: RegExp): ReplayRequest[] {
    return this.requests.filter((r) => pattern.test(r.path));
  }

  reset(): void {
    this.requests.length = 0;
    this.faults.length = 0;
  }

  close(): Promise<void> {
    return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

function fieldsOf(body: string): Record<string, unknown> {
  if (!body) return {};
  if (body.startsWith('{')) {
    try {
      return JSON.parse(body) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** A number text without trailing zeros, from the CSV's money cells ("€1,234.50" → "1234.5"). */
export function csvNumber(cell: string | undefined): string {
  const text = (cell ?? '').replace(/[^\d.eE+-]/g, '');
  if (!text || text === '-') return '0';
  return new Decimal(text).toFixed();
}
