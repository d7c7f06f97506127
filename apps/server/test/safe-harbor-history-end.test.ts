import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';

/*
 * Issue 35.2: Safe Harbor 2025 for a history that ends in 2024 (checked by hand; the engine's
 * golden test us-2025-allocation-history-end has the same rows):
 *   A 2023-03-01 buys 2 ETH for 3,000        B 2023-09-01 buys 1 BTC for 26,000
 *   C 2024-02-01 buys 4 ETH for 10,000       B 2024-05-01 buys 1 ETH for 3,000
 *   C 2024-08-01 sells 1 ETH for 2,600 (universal FIFO: A's lot, 1,500)
 * Held on 31 December 2024: A 2 ETH, B 1 BTC + 1 ETH, C 3 ETH.
 *   stay-oldest-first:           A 2 ETH 4,000 · B 1 BTC 26,000 · B 1 ETH 3,000 · C 3 ETH 7,500
 *   lowest-cost-largest-holding: A 2 ETH 5,000 · B 1 BTC 26,000 · B 1 ETH 3,000 · C 3 ETH 6,500
 * With one 2025 row (C sells 1 ETH for 3,500 on 2025-03-01) the allocation is the same and the
 * sale gains 1,000 (stay: a 2,500 lot of 2024-02-01) or 2,000 (lowest: the 1,500 lot of 2023), long.
 */
const WALLETS: Record<string, string[]> = {
  A: ['2023-03-01 10:00:00 UTC,3000,USD,2,ETH,,,3000,USD,,Buy,'],
  B: [
    '2023-09-01 10:00:00 UTC,26000,USD,1,BTC,,,26000,USD,,Buy,',
    '2024-05-01 10:00:00 UTC,3000,USD,1,ETH,,,3000,USD,,Buy,',
  ],
  C: [
    '2024-02-01 10:00:00 UTC,10000,USD,4,ETH,,,10000,USD,,Buy,',
    '2024-08-01 10:00:00 UTC,1,ETH,2600,USD,,,2600,USD,,Sell,',
  ],
};
const STAY = [
  { wallet: 'A', asset: 'ETH', amount: '2', cost_basis: '4000.00' },
  { wallet: 'B', asset: 'BTC', amount: '1', cost_basis: '26000.00' },
  { wallet: 'B', asset: 'ETH', amount: '1', cost_basis: '3000.00' },
  { wallet: 'C', asset: 'ETH', amount: '3', cost_basis: '7500.00' },
];
const LOWEST = [
  { wallet: 'A', asset: 'ETH', amount: '2', cost_basis: '5000.00' },
  { wallet: 'B', asset: 'BTC', amount: '1', cost_basis: '26000.00' },
  { wallet: 'B', asset: 'ETH', amount: '1', cost_basis: '3000.00' },
  { wallet: 'C', asset: 'ETH', amount: '3', cost_basis: '6500.00' },
];

/** Wallet and asset → [amount, basis] summed over the CSV's lines. */
function perWallet(csv: string): Record<string, [number, number]> {
  const [head, ...rows] = csv.trim().split('\n');
  const cols = head!.split(',');
  const out: Record<string, [number, number]> = {};
  for (const row of rows) {
    const cells = row.split(',');
    const key = `${cells[cols.indexOf('wallet')]} ${cells[cols.indexOf('asset')]}`;
    const t = out[key] ?? [0, 0];
    t[0] += Number(cells[cols.indexOf('amount')]);
    t[1] += Number(cells[cols.indexOf('cost_basis')]);
    out[key] = t;
  }
  return out;
}

async function signUpWith(server: TestServer, email: string, wallets: Record<string, string[]>) {
  const client = new TestClient(server.app);
  await client.post('/api/auth/sign_up', { email, password: 'correct horse 9' });
  let first = true;
  for (const [name, rows] of Object.entries(wallets)) {
    await client.upload(
      '/api/imports/v1/csv_imports',
      { name: `${name}.csv`, content: [HEADER, ...rows].join('\n') },
      first ? { custom_name: name } : { custom_name: name, new_account: 'true' },
    );
    first = false;
    await server.ctx.jobs.idle();
  }
  return client;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: Safe Harbor 2025 for a history that ends in 2024 (issue 35.2)`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.dispose());

    it('compares both rules and downloads the record without any 2025 row or calculation', async () => {
      const ann = await signUpWith(server, 'ann@example.com', WALLETS);
      const comparison = (await ann.get('/api/review/allocation_comparison')).body.data;
      const [stay, lowest] = comparison.rules;
      expect(stay.rule).toBe('stay-oldest-first');
      expect(stay.wallets).toEqual(STAY);
      expect(lowest.wallets).toEqual(LOWEST);
      expect([stay.shortfalls, lowest.shortfalls]).toEqual([0, 0]);
      expect([stay.net_gain, lowest.net_gain]).toEqual(['0.00', '0.00']);
      // Even with the universal basis chosen, the record of the chosen rule is there to keep.
      await ann.request('PUT', '/api/tax/settings', {
        method: 'fifo',
        basis: 'universal',
        allocation_rule: 'stay-oldest-first',
      });
      const csv = await ann.request('GET', '/api/review/allocation.csv');
      expect(csv.status).toBe(200);
      const text = String(csv.body);
      expect(text.split('\n')[0]).toBe(
        'effective_date,rule,wallet,asset,lot_id,acquired_at,amount,cost_basis,rule_chosen_at',
      );
      expect(
        text
          .split('\n')
          .slice(1, -1)
          .every((l) => l.startsWith('2025-01-01,stay-oldest-first,')),
      ).toBe(true);
      expect(perWallet(text)).toEqual({
        'A ETH': [2, 4000],
        'B BTC': [1, 26000],
        'B ETH': [1, 3000],
        'C ETH': [3, 7500],
      });
      // The other rule, chosen: its record, dated.
      const chosen = await ann.post('/api/review/allocation', { rule: 'lowest-cost-largest-holding' });
      const lowestCsv = String((await ann.request('GET', '/api/review/allocation.csv')).body);
      expect(perWallet(lowestCsv)).toEqual({
        'A ETH': [2, 5000],
        'B BTC': [1, 26000],
        'B ETH': [1, 3000],
        'C ETH': [3, 6500],
      });
      expect(
        lowestCsv
          .trim()
          .split('\n')
          .slice(1)
          .every((l) => l.endsWith(chosen.body.data.chosen_at)),
      ).toBe(true);
    });

    it('stores the allocation with the calculation (us-2025) and prints it in the 2025 report', async () => {
      const bea = await signUpWith(server, 'bea@example.com', WALLETS);
      await bea.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      await server.ctx.jobs.idle();
      const calc = await server.ctx.db.kysely
        .selectFrom('tax_calculations')
        .innerJoin('users', 'users.id', 'tax_calculations.user_id')
        .select(['tax_calculations.allocation'])
        .where('users.email', '=', 'bea@example.com')
        .where('tax_calculations.status', '=', 'complete')
        .executeTakeFirstOrThrow();
      const record = JSON.parse(calc.allocation!) as { effectiveDate: string; entries: unknown[] };
      expect(record.effectiveDate).toBe('2025-01-01');
      expect(record.entries).toHaveLength(5);
    });

    it('allocates the same with a 2025 row, and 2025 gains follow the rule', async () => {
      const cal = await signUpWith(server, 'cal@example.com', {
        ...WALLETS,
        C: [...WALLETS.C!, '2025-03-01 10:00:00 UTC,1,ETH,3500,USD,,,3500,USD,,Sell,'],
      });
      const [stay, lowest] = (await cal.get('/api/review/allocation_comparison')).body.data.rules;
      expect(stay.wallets).toEqual(STAY);
      expect(lowest.wallets).toEqual(LOWEST);
      expect([stay.long_term_gain, stay.short_term_gain]).toEqual(['1000.00', '0.00']);
      expect([lowest.long_term_gain, lowest.short_term_gain]).toEqual(['2000.00', '0.00']);
    });

    it('has nothing to allocate when nothing was held, and says so', async () => {
      const dan = await signUpWith(server, 'dan@example.com', {
        A: [
          '2024-01-10 10:00:00 UTC,2000,USD,1,ETH,,,2000,USD,,Buy,',
          '2024-06-10 10:00:00 UTC,1,ETH,2500,USD,,,2500,USD,,Sell,',
        ],
      });
      const rules = (await dan.get('/api/review/allocation_comparison')).body.data.rules;
      expect(rules.map((r: { wallets: unknown[] }) => r.wallets)).toEqual([[], []]);
      const csv = await dan.request('GET', '/api/review/allocation.csv');
      expect(csv.status).toBe(404);
      expect(csv.body.message ?? csv.body.error?.message ?? JSON.stringify(csv.body)).toContain(
        'nothing was held at the end of 2024',
      );
    });
  });
}
