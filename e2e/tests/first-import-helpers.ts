import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { dropFile, SAMPLES_DIR, signedInNewcomer } from './imports-helpers.ts';

export const SAMPLES = readdirSync(SAMPLES_DIR)
  .filter((f) => !f.startsWith('.'))
  .sort();

// Sign-up allows 20 accounts an hour from one address: a fresh server for every 15 newcomers.
// Each part is its own test file (imports-first-import-<part>.e2e.ts) so the parts run side by side.
const CHUNK = 15;
export const PARTS = Math.ceil(SAMPLES.length / CHUNK);

/** A newcomer drops each sample of part `part` (1-based) on / and sees its import complete. */
export function firstImportPart(part: number): void {
  const chunk = SAMPLES.slice((part - 1) * CHUNK, part * CHUNK);
  describe(`first import on /, samples part ${part} of ${PARTS}`, () => {
    let server: RunningServer;
    let browser: Browser;
    beforeAll(async () => {
      server = await startServer();
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it.each(chunk)('a newcomer drops %s on / and sees the import complete', async (sample) => {
      const { context, page } = await signedInNewcomer(browser, server.url);
      await page.goto('/');
      await page.getByText('Import your first transactions').waitFor();
      await dropFile(page, '[data-testid="import-dropzone"]', path.join(SAMPLES_DIR, sample), sample);
      const item = page.locator('[data-testid="upload-item"]');
      await item.first().waitFor();
      await page.locator('[data-testid="upload-item"][data-status="complete"]').waitFor({ timeout: 30_000 });
      const summary = await page.getByTestId('upload-summary').textContent();
      expect(summary ?? '').toMatch(/Import complete: [\d,]+ transactions? added/);
      expect(summary ?? '').not.toMatch(/Import complete: 0 transactions/);
      if (sample === SAMPLES[0]) await screenshot(page, 'imports-first-import-complete');
      await context.close();
    });
  });
}
