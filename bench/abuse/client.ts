// biome-ignore lint/suspicious/noExplicitAny: the probes read arbitrary JSON answers and look into them
type Json = any;

/** A browser-like client for the abuse probes: keeps cookies, echoes the CSRF token on writes. */
export class Client {
  private cookies = new Map<string, string>();
  csrf = '';
  constructor(readonly base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (!name) continue;
      const value = rest.join('=');
      if (value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    this.csrf = this.cookies.get('lotwise_csrf') ?? this.csrf;
  }

  /** One call; `csrf: false` sends the cookies only, as a link or form on another site would. */
  async call(
    method: string,
    url: string,
    body?: unknown,
    options: { headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<{ status: number; body: Json }> {
    if (!this.csrf && method !== 'GET') await this.call('GET', '/api/auth/session');
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        cookie: this.cookieHeader(),
        ...(options.csrf === false || method === 'GET' ? {} : { 'x-csrf-token': this.csrf }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    this.keep(res);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: res.status, body: parsed };
  }

  async signUp(email: string, password: string): Promise<void> {
    const res = await this.call('POST', '/api/auth/sign_up', { email, password, first_name: 'Probe' });
    if (res.status !== 200) throw new Error(`sign up ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  }

  async upload(name: string, csv: string): Promise<{ status: number; body: Json }> {
    if (!this.csrf) await this.call('GET', '/api/auth/session');
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), name);
    const res = await fetch(`${this.base}/api/imports/v1/csv_imports`, {
      method: 'POST',
      headers: { cookie: this.cookieHeader(), 'x-csrf-token': this.csrf },
      body: form,
    });
    this.keep(res);
    return { status: res.status, body: await res.json().catch(() => null) };
  }
}

/** A new address each call: what an attacker writes into X-Forwarded-For. */
let spoofed = 0;
export function spoofedXff(): Record<string, string> {
  spoofed += 1;
  return { 'x-forwarded-for': `198.51.${(spoofed >> 8) & 255}.${spoofed & 255}` };
}

export function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${n}×${s}`)
    .join(', ');
}
