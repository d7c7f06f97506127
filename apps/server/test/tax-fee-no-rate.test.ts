import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 35 (items 1 and 4): the GBP Coinbase export, offline (no GBP→USD rate anywhere), with a
 * price file giving ETH $2,450 on 2024-11-20 and nothing else.
 *   2024-11-20 sell 0.25 ETH for £660, fee £3.96: valued from ETH, 0.25 × 2,450 = $612.50; the
 *     fee at the GBP→USD rate that implies, 3.96 × 612.50 / 660 = $3.675 → proceeds
 *     612.50 − 3.675 = $608.825, $608.83 in the reports (it was 612.50: the fee taken as 0).
 *     Its lot was bought on 2024-03-05 for £1,350 + £20.25 with no rate and no ETH price: basis
 *     unknown, and so the gain.
 *   2024-09-02 sell 0.01 BTC for £440, fee £6.60: nothing values it (proceeds unknown): one
 *     warning naming the rate, the fee and BTC (there were two identical ones).
 *   The buys (2024-02-01 BTC, 2024-03-05 ETH): one warning each, about the basis of what they
 *     bought (they warned of "the 2024 proceeds" for their fee).
 */
const GBP_EXPORT = readFileSync(
  resolve(import.meta.dirname, '../../../fixtures/exchange-samples/coinbase-history-2024-gbp.csv'),
);
const ETH_ONLY = 'date,asset,price,currency\n2024-11-20,ETH,2450,USD\n';

/** A download's text, with the client's cookies. */
async function download(server: TestServer, client: TestClient, url: string): Promise<string> {
  const cookies = (client as unknown as { cookies: Map<string, string> }).cookies;
  const res = await server.app.inject({
    method: 'GET',
    url,
    headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

interface Warning {
  code: string;
  message: string;
  transaction_id?: number | string | null;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: a fee with no rate is valued like its row, or unknown, never 0`, () => {
    let server: TestServer;
    let sam: TestClient;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      sam = new TestClient(server.app);
      await sam.post('/api/auth/sign_up', { email: 'sam@example.com', password: 'correct horse 9' });
      await sam.upload('/api/imports/v1/csv_imports', { name: 'coinbase.csv', content: GBP_EXPORT });
      await server.ctx.jobs.idle();
      expect((await sam.upload('/api/prices/files', { name: 'eth.csv', content: ETH_ONLY })).status).toBe(
        200,
      );
      expect((await sam.post('/api/recalculate_tax')).status).toBe(200);
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    const warnings = async (): Promise<Warning[]> =>
      (await sam.get('/api/tax/years/2024')).body.data.warnings;

    it('deducts the GBP fee at the rate the sale implies, and says so', async () => {
      const lines = (await sam.get('/api/tax/years/2024/disposals')).body.data;
      const eth = lines.find((l: { asset: string }) => l.asset === 'ETH');
      expect(eth).toMatchObject({
        amount: '0.25',
        proceeds: '608.825',
        missing_price: false,
        basis_unknown: true,
      });
      const btc = lines.find((l: { asset: string }) => l.asset === 'BTC');
      expect(btc).toMatchObject({ missing_price: true, basis_unknown: true });
      const all = await warnings();
      const sale = all.filter((w) => w.message.includes('on 2024-11-20') && w.message.includes('3.96 GBP'));
      expect(sale.map((w) => [w.code, w.message])).toEqual([
        [
          'valued_from_price',
          expect.stringMatching(
            /: no GBP→USD rate on 2024-11-20 for its GBP value; valued from the USD price of ETH that day instead, and its 3\.96 GBP fee at the rate that implies \(612\.5 USD for 660 GBP\): 3\.675 USD\.$/,
          ),
        ],
      ]);
      // No "no price for ETH" for the sale's fee any more.
      expect(all.filter((w) => w.code === 'missing_price' && w.message.includes('2024-11-20'))).toEqual([]);
      // The capital-gains CSV: proceeds 608.83 (to the cent), basis and gain unknown (blank).
      const csv = (await download(server, sam, '/api/tax/reports/2024/capital-gains.csv')).split('\n');
      const header = csv[1]!.split(',');
      const row = csv.find((l) => l.startsWith('ETH,') || l.includes(',ETH,'))!.split(',');
      expect(row[header.indexOf('proceeds')]).toBe('608.83');
      expect(row[header.indexOf('cost_basis')]).toBe('');
      expect(row[header.indexOf('gain')]).toBe('');
    });

    it('warns once a row, true to what is affected, never "taken as 0"', async () => {
      const missing = (await warnings()).filter((w) => w.code === 'missing_price');
      // The two buys, the June reward and the BTC sale: one warning each.
      expect(missing).toHaveLength(4);
      const btcSale = missing.filter((w) => w.message.includes('2024-09-02'));
      expect(btcSale.map((w) => w.message.replace(/^Transaction \S+: /, ''))).toEqual([
        'no GBP→USD rate on 2024-09-02 for its GBP value and its 6.6 GBP fee, and no price for BTC that day; its value and its fee are unknown until a rate or price is added (the reports show them as unknown, not 0), which leaves the 2024 proceeds, short-term gain and long-term gain incomplete.',
      ]);
      const buys = missing.filter((w) => /on 2024-0[23]-0[15] /.test(w.message));
      expect(buys).toHaveLength(2);
      for (const w of buys) {
        expect(w.message).toContain('which leaves the cost basis of the');
        expect(w.message).not.toContain('proceeds');
      }
      for (const w of await warnings()) expect(w.message).not.toContain('taken as 0');
    });
  });
}
