import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { fuzzUploads } from './support/upload-fuzz.ts';

/**
 * Issue 29: mutated exports through the HTTP upload, the import job and the calculation on
 * each database (FILES here; `npx tsx bench/fuzz/server.ts 300` runs more).
 */
const FILES = 30;

for (const dialect of DIALECTS) {
  describe(`${dialect}: fuzzed uploads through the import job and the calculation`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.dispose());

    it(`${FILES} mutated files: no 5xx, every import ends, nothing silently lost, every year calculates`, async () => {
      const report = await fuzzUploads(server, FILES, dialect === 'sqlite' ? 1 : 1001);
      expect(report.failures).toEqual([]);
      expect(report.files).toBe(FILES);
      expect(report.complete).toBeGreaterThan(FILES / 2);
      expect(report.calculations).toBe(FILES / 10);
    }, 240_000);
  });
}
