import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 35.13: the warnings a user reads name the figures for people ("the 2024 proceeds and
 * short-term gain"), never the engine's internal names ("2024.proceeds", "basis of ETH lot 9").
 * Offline: a reward of a coin nobody prices (income and a lot's basis unknown) and a sale of it
 * (proceeds unknown).
 */
const LEDGER = [
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  '2024-05-01 12:00:00 UTC,,,50,FOOCOINX,,,,,reward,,',
  '2024-06-01 12:00:00 UTC,10,FOOCOINX,,,,,,,,,',
].join('\n');

for (const dialect of DIALECTS) {
  describe(`${dialect}: warnings written for people (issue 35.13)`, () => {
    let server: TestServer;
    let user: TestClient;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      user = new TestClient(server.app);
      const up = await user.post('/api/auth/sign_up', {
        email: 'words@example.com',
        password: 'correct horse 9',
        first_name: 'Wanda',
      });
      expect(up.status).toBe(200);
      await user.upload('/api/imports/v1/csv_imports', { name: 'foo.csv', content: LEDGER });
      await server.ctx.jobs.idle();
      await user.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('the year page and the years list say which figures a missing price affects, in words', async () => {
      const year = await user.get('/api/tax/years/2024');
      expect(year.status).toBe(200);
      const messages = (year.body.data.warnings as { code: string; message: string }[])
        .filter((w) => w.code === 'missing_price')
        .map((w) => w.message);
      expect(messages.length).toBeGreaterThanOrEqual(1);
      expect(messages.join('\n')).toContain(
        'which leaves the 2024 income and the cost basis of the FOOCOINX it acquired (and the gain when that FOOCOINX is sold) incomplete.',
      );
      const list = await user.get('/api/tax/years');
      const all = [
        ...messages,
        ...(list.body.data.warnings as { message: string }[]).map((w) => w.message),
      ].join('\n');
      expect(all).not.toMatch(
        /\d{4}\.(proceeds|income|costBasis|shortTermGain|longTermGain)|basis of \w+ lot/,
      );
    });
  });
}
