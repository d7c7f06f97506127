import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PASSWORD, uniqueEmail } from './helpers.ts';

export const SAMPLES_DIR = path.resolve(import.meta.dirname, '../../fixtures/exchange-samples');

/**
 * A new, onboarded user signed in inside a fresh browser context (sign-up through the
 * context's own request client, so the session cookie is the browser's).
 */
export async function signedInNewcomer(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1280, height: 860 },
): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  const session = await context.request.get('/api/auth/session');
  let csrf = ((await session.json()) as { csrf_token: string }).csrf_token;
  const email = uniqueEmail('importer');
  const signUp = await context.request.post('/api/auth/sign_up', {
    data: { email, password: PASSWORD, first_name: 'Ada' },
    headers: { 'x-csrf-token': csrf },
  });
  if (!signUp.ok()) throw new Error(`sign up failed: ${signUp.status()} ${await signUp.text()}`);
  const body = (await signUp.json()) as { csrf_token?: string; session?: { csrf_token?: string } };
  csrf = body.session?.csrf_token ?? body.csrf_token ?? csrf;
  const flag = await context.request.post('/api/onboarding_flag', {
    data: { onboarded: true },
    headers: { 'x-csrf-token': csrf },
  });
  if (!flag.ok()) throw new Error(`onboarding failed: ${flag.status()} ${await flag.text()}`);
  const page = await context.newPage();
  return { context, page, email };
}

/** Drops a file on the element like a user dragging it from the desktop (a real drop event). */
export async function dropFile(page: Page, selector: string, filePath: string, name: string): Promise<void> {
  const base64 = readFileSync(filePath).toString('base64');
  const transfer = await page.evaluateHandle(
    ({ data, fileName }) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], fileName, { type: 'text/csv' }));
      return dt;
    },
    { data: base64, fileName: name },
  );
  await page.dispatchEvent(selector, 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer });
}
