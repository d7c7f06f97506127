import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * gbp-rows.csv (the CLI's fixture), reporting USD, offline, and no GBP→USD rate anywhere:
 *   2024-11-01 1 ETH arrives; 2024-11-20 0.3 ETH staking worth £588, 1.23 USDC reward worth
 *   £0.97, a sale of 0.25 ETH for £660; 2024-11-21 0.5 DOT staking worth £3.10.
 * The price file has ETH at $2,450 on 2024-11-20 (no GBP rate): the reward is 0.3 × 2,450 =
 * $735, the sale 0.25 × 2,450 = $612.50, USDC its peg $1.23; DOT stays missing, and what is
 * missing is the GBP→USD rate (or a DOT price), not "a price for ETH".
 */
const ROWS = readFileSync(
  resolve(import.meta.dirname, '../../../packages/cli/test/fixtures/calc/gbp-rows.csv'),
  'utf8',
);
const ETH_ONLY = 'date,asset,price,currency\n2024-11-20,ETH,2450,USD\n';

interface ListRow {
  id: number;
  status: string | null;
  from_currency: string | null;
  to_currency: string | null;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: a price file values rows whose own currency has no rate`, () => {
    let server: TestServer;
    let alice: TestClient;

    async function calculate() {
      expect((await alice.post('/api/recalculate_tax')).status).toBe(200);
      await server.ctx.jobs.idle();
    }
    const rows = async (): Promise<ListRow[]> =>
      (await alice.post('/api/traces/list_transactions_new', { page_size: 100 })).body.transactions;
    const warnings = async (code: string): Promise<string[]> =>
      (await alice.get('/api/tax/years')).body.data.warnings
        .filter((w: { code: string }) => w.code === code)
        .map((w: { message: string }) => w.message);

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'gbp-rows.csv', content: ROWS });
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('without prices: USDC takes its peg; the others name the missing GBP→USD rate', async () => {
      await calculate();
      const missing = (await rows()).filter((r) => r.status === 'error');
      // The ETH reward, the ETH sale and the DOT reward; the USDC reward is valued at its peg.
      expect(missing.map((r) => r.to_currency ?? r.from_currency).sort()).toEqual(['DOT', 'ETH', 'GBP']);
      const messages = await warnings('missing_price');
      expect(messages).toHaveLength(3);
      expect(
        messages.some((m) =>
          m.includes('no GBP→USD rate on 2024-11-20 for its GBP value, and no price for ETH'),
        ),
      ).toBe(true);
      expect(messages.every((m) => !m.includes('no price for ETH on'))).toBe(true);

      // The Missing-prices wizard: the sale is 0.25 ETH (not "660 ETH") and blames the rate.
      const findings = await alice.get('/api/review/findings?wizard=PricingWizard');
      const sale = findings.body.data.items.find(
        (f: { asset: string; amount: string }) => f.amount === '0.25',
      );
      expect(sale).toMatchObject({ asset: 'ETH', amount: '0.25' });
      expect(sale.detail).toContain(
        'No GBP→USD rate on 2024-11-20 to convert its 660 GBP, and no USD price for ETH',
      );
      expect(
        findings.body.data.items.map((f: { asset: string; amount: string }) => `${f.amount} ${f.asset}`),
      ).toEqual(['0.3 ETH', '0.25 ETH', '0.5 DOT']);
    });

    it('the price file with only ETH values the GBP rows from ETH, and says so', async () => {
      const loaded = await alice.upload('/api/prices/files', { name: 'eth.csv', content: ETH_ONLY });
      expect(loaded.status).toBe(200);
      await calculate();
      const list = await rows();
      expect(list.filter((r) => r.status === 'error').map((r) => r.to_currency)).toEqual(['DOT']);
      const y2024 = (await alice.get('/api/tax/years')).body.data.years.find(
        (y: { year: number }) => y.year === 2024,
      );
      // Income 735 + 1.23 (+ DOT unknown), proceeds 612.50.
      expect(y2024).toMatchObject({ proceeds: '612.50', income: '736.23' });
      expect(await warnings('valued_from_price')).toHaveLength(3);
      expect((await warnings('missing_price'))[0]).toContain(
        'no GBP→USD rate on 2024-11-21 for its GBP value, and no price for DOT',
      );
      // The list's value of the reward says the same, and where the price came from.
      const reward = list.find(
        (r) => r.to_currency === 'ETH' && r.from_currency === null && r.status !== 'error',
      );
      expect(reward).toBeDefined();
      const sources = await alice.get(
        `/api/transaction/value_sources?ids=${list.map((r) => r.id).join(',')}`,
      );
      const values = Object.values(sources.body.data) as Array<{ value: string | null; via: string[] }>;
      expect(values.find((v) => v.value === '735')?.via[0]).toBe(
        "no GBP→USD rate on 2024-11-20: valued from ETH's price",
      );
    });
  });
}
