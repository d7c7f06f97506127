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

/** Starts a tax calculation and waits until the years say it finished (up to 30 s). */
export async function calculateTaxes(context: BrowserContext): Promise<void> {
  await postJson(context, '/api/imports/v1/tax_calculations/start_tax_calculation', {});
  for (let i = 0; i < 150; i++) {
    const years = (await (await context.request.get('/api/tax/years')).json()) as {
      data: { calculated_at: string | null };
    };
    if (years.data.calculated_at) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the calculation did not finish');
}
