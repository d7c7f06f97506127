import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliceWithCoinbase } from './support/coinbase-account.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/** Other spellings of `n` that Number() reads as n (z.coerce.number() took them all). */
const spellings = (n: number) => [`0x${n.toString(16)}`, `${n}e0`, `+${n}`, `${n}.0`, `0${n}`, `%20${n}`];

/** Each route with a tax year `y` and a page `p` in its path or query. */
const routes = (y: string, p: string) => [
  `/api/tax/years/${y}`,
  `/api/tax/years/${y}/disposals?page=${p}`,
  `/api/tax/years/${y}/tie_out?page=${p}`,
  `/api/review/method_comparison?year=${y}`,
  `/api/review/findings?wizard=PricingWizard&page=${p}`,
  `/api/imports/v2/import_histories?page=${p}`,
];

/*
 * A year or a page was read through Number() (z.coerce.number()): `/api/tax/years/0x7e9`
 * showed 2025 and `?page=1e0` page 1. Only a number's own digits are read now (contracts'
 * wholeNumber): any other spelling is a 400 that names the field; the digits still work.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: a year or a page is its digits only`, () => {
    let server: TestServer;
    let alice: TestClient;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      await aliceWithCoinbase(server, alice);
    });
    afterAll(() => server.dispose());

    it('another spelling of a year or a page is a 400 naming the field', async () => {
      const years = spellings(2025);
      const pages = spellings(1);
      for (let i = 0; i < years.length; i++) {
        for (const [j, url] of routes(years[i]!, pages[i]!).entries()) {
          const res = await alice.get(url);
          expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(res.body.message, url).toMatch(/must be a whole number from \d+ to \d+, in digits only/);
          expect(res.body.message, url).toMatch(j >= 4 ? /^page/ : /^year/);
        }
      }
    });

    it('a year before the form existed still says so, and the digits themselves still work', async () => {
      const early = await alice.get('/api/tax/years/2024/tie_out');
      expect([early.status, early.body.message]).toEqual([
        400,
        'year: Form 1099-DA exists from tax year 2025',
      ]);
      for (const url of routes('2025', '1')) {
        const res = await alice.get(url);
        expect(res.status, `${url}: ${JSON.stringify(res.body)}`).not.toBe(400);
        expect(res.status, url).toBeLessThan(500);
      }
      const list = await alice.get('/api/imports/v2/import_histories?page=1&size=20');
      expect(list.status).toBe(200);
      expect((await alice.get('/api/imports/v2/import_histories?page=1&size=0x14')).status).toBe(400);
    });
  });
}
