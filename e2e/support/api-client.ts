/**
 * A minimal browser-like HTTP client for API-level end-to-end tests: keeps cookies and
 * echoes the CSRF cookie on changes, as the SPA does.
 */
export class ApiClient {
  private cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    if (!this.cookies.has('lotwise_csrf')) await this.raw('GET', '/api/auth/session');
    return this.raw(method, path, body);
  }

  async upload(path: string, name: string, content: string, fields: Record<string, string> = {}) {
    if (!this.cookies.has('lotwise_csrf')) await this.raw('GET', '/api/auth/session');
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([content]), name);
    const response = await fetch(this.baseUrl + path, {
      method: 'POST',
      headers: this.headers(true),
      body: form,
    });
    return this.read(response);
  }

  private async raw(method: string, path: string, body?: unknown) {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...this.headers(method !== 'GET'),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return this.read(response);
  }

  private headers(unsafe: boolean): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return {
      ...(cookie ? { cookie } : {}),
      ...(unsafe ? { 'x-csrf-token': this.cookies.get('lotwise_csrf') ?? '' } : {}),
    };
  }

  private async read(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), rest.join('='));
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, body };
  }
}
