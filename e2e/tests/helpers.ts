import { createHmac } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const PASSWORD = 'Correct-Horse-42';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/** A tiny HTTP client with a cookie jar and the CSRF header, for arranging test data. */
export class ApiSession {
  private cookies = new Map<string, string>();
  private csrf = '';

  constructor(private readonly baseUrl: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), rest.join('='));
    }
  }

  async request(method: string, path: string, body?: unknown): Promise<unknown> {
    if (!this.csrf) {
      const res = await fetch(`${this.baseUrl}/api/auth/session`, {
        headers: { cookie: this.cookieHeader() },
      });
      this.keepCookies(res);
      this.csrf = ((await res.json()) as { csrf_token: string }).csrf_token;
    }
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        cookie: this.cookieHeader(),
        'x-csrf-token': this.csrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keepCookies(res);
    const json = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
    const session = json as { csrf_token?: string; session?: { csrf_token?: string } };
    const token = session.csrf_token ?? session.session?.csrf_token;
    if (token) this.csrf = token;
    return json;
  }
}

/** Creates an account through the API; optionally finishes onboarding and sets roles (test hook). */
export async function arrangeUser(
  baseUrl: string,
  options: { onboarded?: boolean; roles?: string[]; email?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = options.email ?? uniqueEmail('user');
  const api = new ApiSession(baseUrl);
  await api.request('POST', '/api/auth/sign_up', { email, password: PASSWORD, first_name: 'Test' });
  if (options.onboarded) await api.request('POST', '/api/onboarding_flag', { onboarded: true });
  if (options.roles) await api.request('POST', '/api/test/set_roles', { email, roles: options.roles });
  return { email, password: PASSWORD };
}

export async function setRoles(baseUrl: string, email: string, roles: string[]): Promise<void> {
  await new ApiSession(baseUrl).request('POST', '/api/test/set_roles', { email, roles });
}

/** Fills the login form (it is already open) and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 860 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page };
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) from a base32 secret. */
export function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(ch);
    if (value >= 0) bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}
