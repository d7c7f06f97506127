import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A browser-like client over app.inject: keeps cookies between calls and echoes the
 * CSRF cookie in the header, as the SPA does.
 */
export class TestClient {
  private cookies = new Map<string, string>();
  /** False: answer as soon as the server answers (timing tests), not after its work after the answer. */
  waitAfterAnswer = true;

  constructor(private readonly app: FastifyInstance) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    if (!this.cookies.has('lotwise_csrf') && method !== 'GET') await this.request('GET', '/api/auth/session');
    const response = await this.app.inject({
      method: method as 'GET',
      url,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(method !== 'GET' ? { 'x-csrf-token': this.cookies.get('lotwise_csrf') ?? '' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: Buffer.isBuffer(body) ? body : (body as object) } : {}),
    });
    this.keepCookies(response);
    // Work a call does after answering (a reset's e-mail): done before the test reads it.
    if (this.waitAfterAnswer) await this.app.afterAnswer?.idle();
    return { status: response.statusCode, body: safeJson(response) };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body: unknown = {}) => this.request('POST', url, body);
  put = (url: string, body: unknown = {}) => this.request('PUT', url, body);

  /** multipart/form-data upload, fields first, as a browser form sends it. */
  async upload(
    url: string,
    file: { name: string; content: string | Buffer },
    fields: Record<string, string> = {},
  ) {
    const boundary = `----lotwise${Date.now().toString(16)}`;
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields)) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    }
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    return this.request('POST', url, Buffer.concat(parts), {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  forget(name: string): void {
    this.cookies.delete(name);
  }

  private keepCookies(response: LightMyRequestResponse): void {
    for (const c of response.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies and assert on them
function safeJson(response: LightMyRequestResponse): any /* any: tests assert on arbitrary JSON bodies */ {
  try {
    return response.json();
  } catch {
    return response.body;
  }
}
