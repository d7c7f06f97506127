import type { BrowserContext } from 'playwright-core';

/** The signed-in context's CSRF token, for API calls made beside the page. */
export async function csrfOf(context: BrowserContext): Promise<string> {
  const session = await context.request.get('/api/auth/session');
  return ((await session.json()) as { csrf_token: string }).csrf_token;
}

/** POSTs JSON as the signed-in context (with its CSRF token); throws with the answer unless 2xx. */
export async function postJson(context: BrowserContext, path: string, data: unknown = {}): Promise<unknown> {
  const res = await context.request.post(path, { data, headers: { 'x-csrf-token': await csrfOf(context) } });
  if (!res.ok()) throw new Error(`${path} → ${res.status()} ${await res.text()}`);
  return res.json();
}
