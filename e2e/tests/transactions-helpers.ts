import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

export { csrfOf } from '../support/api.ts';

/** Uploads a CSV through the API (extra multipart fields choose or name the account). */
export async function uploadCsv(
  context: BrowserContext,
  csrf: string,
  name: string,
  content: string,
  extra: Record<string, string> = {},
): Promise<void> {
  const up = await context.request.post('/api/imports/v1/csv_imports', {
    multipart: { ...extra, file: { name, mimeType: 'text/csv', buffer: Buffer.from(content) } },
    headers: { 'x-csrf-token': csrf },
  });
  if (!up.ok()) throw new Error(`upload failed: ${up.status()} ${await up.text()}`);
}

/** Waits until the user has `accounts` accounts and every one has finished importing. */
export async function waitForImports(context: BrowserContext, accounts: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const res = await context.request.get('/api/imports/v2/import_histories?page=1');
    const body = (await res.json()) as { data: { import_status: string }[] };
    if (body.data.length === accounts && body.data.every((h) => h.import_status === 'complete')) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('import did not finish');
}

/** Resolves once the list's loader has gone. */
export const settle = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('[data-testid="list-loader"]'), undefined, {
    timeout: 10_000,
  });

/** Reloads /transactions until it lists `count` rows (an import running as a job). */
export async function waitForRowCount(page: Page, count: number, timeout = 30_000): Promise<void> {
  const rows = page.getByTestId('transaction-row');
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.waitForTimeout(300);
        return rows.count();
      },
      { timeout },
    )
    .toBe(count);
}
