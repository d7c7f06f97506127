import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
/** Sales in 2023 and 2024, every row valued in USD; nothing at all in 2025. */
const HISTORY = [
  HEADER,
  '2023-01-10 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,',
  '2023-02-10 12:00:00 UTC,300,USD,1,LTC,,,300,USD,,Buy,',
  '2023-09-01 12:00:00 UTC,0.5,LTC,150,USD,,,150,USD,,Sell,',
  '2024-03-01 12:00:00 UTC,0.5,LTC,200,USD,,,200,USD,,Sell,',
].join('\n');
const LATER = [HEADER, '2024-06-01 12:00:00 UTC,0.5,LTC,90,USD,,,90,USD,,Sell,'].join('\n');

interface Details {
  tax_year: number;
  need_tax_calculation: boolean;
  stale_reasons: string[];
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: stale results say why, for the right years, and open the year worked on`, () => {
    let server: TestServer;
    let alice: TestClient;

    async function calculate(): Promise<string> {
      const start = await alice.post('/api/recalculate_tax');
      expect(start.status).toBe(200);
      await server.ctx.jobs.idle();
      return start.body.data.trace_id;
    }
    const details = async (): Promise<Details> =>
      (await alice.get('/api/imports/v1/tax_calculations/details')).body.data;
    const years = async () => (await alice.get('/api/tax/years')).body.data;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ltc.csv', content: HISTORY });
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('after a calculation the year to open is 2024, the latest with a sale, not an empty default year', async () => {
      const trace = await calculate();
      expect((await details()).tax_year).toBe(2024);
      const check = await alice.get(`/api/traces/check_tax_calculation?id=${trace}`);
      expect(check.body.data).toMatchObject({ state: 'complete', tax_year: 2024 });
      expect(await years()).toMatchObject({ stale: false, stale_reasons: [], stale_from: null });
    });

    it('choosing HIFO for 2024 says so and marks 2024 on out of date, not 2023', async () => {
      const chosen = await alice.post('/api/review/method', { year: 2024, method: 'hifo' });
      expect(chosen.status).toBe(200);
      const reason = 'You changed the lot method to HIFO from 2024 on.';
      expect(await years()).toMatchObject({ stale: true, stale_reasons: [reason], stale_from: 2024 });
      expect(await details()).toMatchObject({ need_tax_calculation: true, stale_reasons: [reason] });
      await calculate();
      expect(await years()).toMatchObject({ stale: false, stale_reasons: [], stale_from: null });
      expect((await details()).stale_reasons).toEqual([]);
    });

    it('a price file: "your prices changed", from the year of its first day', async () => {
      const loaded = await alice.upload('/api/prices/files', {
        name: 'ltc.csv',
        content: 'date,asset,price,currency\n2024-05-01,LTC,80,USD\n',
      });
      expect(loaded.status).toBe(200);
      expect(await years()).toMatchObject({
        stale: true,
        stale_reasons: ['Your prices changed: a price file was loaded or removed.'],
        stale_from: 2024,
      });
      await calculate();
    });

    it('new rows: "your transactions changed", from the year of the earliest new row', async () => {
      await alice.upload('/api/imports/v1/csv_imports', { name: 'later.csv', content: LATER });
      await server.ctx.jobs.idle();
      expect(await years()).toMatchObject({
        stale: true,
        stale_reasons: ['Your transactions changed since the last calculation.'],
        stale_from: 2024,
      });
    });
  });
}
