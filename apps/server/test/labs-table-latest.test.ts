import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableMarket } from '../src/modules/labs/table-market.ts';
import { DIALECTS } from './support/dialects.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issue 35.11: Labs reads each asset's latest day by index seeks (table-latest.ts), not by a
 * GROUP BY over the whole table. The figures must be those of each asset's own latest day,
 * from daily USD prices only, the user's own price winning and nobody else's read.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: Labs' table figures per asset's own latest day`, () => {
    let server: TestServer;
    const me = 7;
    const other = 8;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      const p = (asset: string, day: string, price: string, extra: Record<string, unknown> = {}) => ({
        asset,
        quote: 'USD',
        day,
        price,
        origin: 'file:test.csv',
        ...extra,
      });
      await server.ctx.prices.repo.save([
        // BTC: latest 2026-11-30; 1 day before 50,000, 7 days before 40,000, 30 days before 25,000.
        p('BTC', '2026-11-30', '50500'),
        p('BTC', '2026-11-29', '50000'),
        p('BTC', '2026-11-23', '40000'),
        p('BTC', '2026-10-31', '25000'),
        // A later BTC day quoted in EUR and a minute price: neither is a daily USD price.
        p('BTC', '2026-12-01', '47000', { quote: 'EUR' }),
        p('BTC', '2026-12-01', '51000', { minute: '10:00' }),
        // OLD: delisted; its figures are of its own last day, 2019-03-10.
        p('OLD', '2019-03-10', '2'),
        p('OLD', '2019-03-09', '4'),
        p('OLD', '2019-02-08', '1'),
        // ETH: the user's own price wins on its latest day; another user's later day is not read.
        p('ETH', '2026-11-30', '3000'),
        p('ETH', '2026-11-30', '3300', { userId: me }),
        p('ETH', '2026-11-29', '3000'),
        p('ETH', '2026-12-01', '9999', { userId: other }),
        // Fiat is not a market item.
        p('EUR', '2026-11-30', '1.05'),
      ]);
    });
    afterAll(() => server.dispose());

    it('takes each asset’s latest daily USD price and its changes from that day back', async () => {
      const names = async (symbol: string) => ({ name: symbol, rank: null });
      const { items, asOf } = await tableMarket(server.ctx.db.kysely, me, names);
      const bySymbol = Object.fromEntries(items.map((i) => [i.symbol, i]));
      expect(Object.keys(bySymbol).sort()).toEqual(['BTC', 'ETH', 'OLD']);
      expect(asOf).toBe('2026-11-30');
      expect(bySymbol.BTC).toMatchObject({
        price: '50500',
        change_1d: '1.00',
        change_7d: '26.25',
        change_30d: '102.00',
        sparkline: ['40000', '50000', '50500'],
      });
      // OLD: 2 vs 4 the day before (−50 %), 30 days before (2019-02-08) 1 (+100 %).
      expect(bySymbol.OLD).toMatchObject({
        price: '2',
        change_1d: '-50.00',
        change_7d: null,
        change_30d: '100.00',
      });
      // ETH: own 3,300 over the shared 3,000 (+10 % on the day before's 3,000).
      expect(bySymbol.ETH).toMatchObject({ price: '3300', change_1d: '10.00' });

      const theirs = await tableMarket(server.ctx.db.kysely, other, names);
      expect(theirs.items.find((i) => i.symbol === 'ETH')?.price).toBe('9999');
      expect(theirs.asOf).toBe('2026-12-01');
    });
  });
}
