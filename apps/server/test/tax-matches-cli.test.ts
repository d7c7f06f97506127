import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Dec } from '@lotwise/engine/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { runNode } from './support/run-node.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * The app's stored numbers equal `lotwise calc` on the same files, for every lot method and
 * application: the CLI's sample wallets (an exchange and a cold wallet joined by a
 * self-transfer) imported through the app as two accounts named like the files.
 */
const cli = join(dirname(fileURLToPath(import.meta.url)), '../../../packages/cli');
const bin = join(dirname(fileURLToPath(import.meta.url)), '../../../apps/cli/bin/lotwise.mjs');
const FILES = ['exchange', 'cold'].map((name) => join(cli, 'test/fixtures/calc', `${name}.csv`));
const METHODS = ['fifo', 'lifo', 'hifo', 'lofo'] as const;
const BASES = ['universal', 'per-wallet', 'us-2025'] as const;
const COMBOS = METHODS.flatMap((method) => BASES.map((basis) => ({ method, basis })));

interface Line {
  asset: string;
  amount: string;
  acquiredAt: string;
  disposedAt: string;
  proceeds: string;
  costBasis: string;
  gain: string;
  term: string;
  category: string;
  wallet: string;
  lots: Array<{ acquiredAt: string; amount: string; costBasis: string }>;
}
type Years = Record<string, { totals: string[]; disposals: string[]; income: string[] }>;

/** Decimal text in one spelling (PostgreSQL numerics come back padded). */
const n = (v: unknown) => new Dec(String(v)).toFixed();
const line = (d: Line) =>
  [
    d.asset,
    n(d.amount),
    d.acquiredAt,
    d.disposedAt,
    n(d.proceeds),
    n(d.costBasis),
    n(d.gain),
    d.term,
    d.category,
    d.wallet,
  ]
    .concat(d.lots.map((l) => `${l.acquiredAt}:${n(l.amount)}:${n(l.costBasis)}`))
    .join(' ');

async function cliYears(method: string, basis: string): Promise<Years> {
  const r = await runNode(
    [bin, 'calc', ...FILES, '--json', '--method', method, '--basis', basis, '--tz', 'UTC'],
    // Offline like the app under test: the fixtures carry their values.
    { PRICE_PROVIDERS: 'none' },
  );
  expect(r.status, r.stderr).toBe(0);
  const json = JSON.parse(r.stdout) as {
    years: Record<
      string,
      Record<string, string> & { disposals: Line[]; incomeLines: Array<Record<string, string>> }
    >;
  };
  return Object.fromEntries(
    Object.entries(json.years).map(([year, y]) => [
      year,
      {
        totals: [y.proceeds, y.costBasis, y.shortTermGain, y.longTermGain, y.income].map(n),
        disposals: y.disposals.map(line),
        income: y.incomeLines.map(
          (i) => `${i.asset} ${n(i.amount)} ${n(i.value)} ${i.receivedAt} ${i.category} ${i.wallet}`,
        ),
      },
    ]),
  );
}

// The CLI's answers do not depend on the app's database: computed once for both dialects.
const expected = new Map<string, Promise<Years>>();
const cliAnswer = (method: string, basis: string) => {
  const key = `${method}/${basis}`;
  if (!expected.has(key)) expected.set(key, cliYears(method, basis));
  return expected.get(key)!;
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: the app's numbers equal lotwise calc`, { timeout: 240_000 }, () => {
    let server: TestServer;
    let alice: TestClient;
    let userId: number;

    async function appYears(): Promise<Years> {
      const db = server.ctx.db.kysely;
      const calc = await db
        .selectFrom('tax_calculations')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'complete')
        .executeTakeFirstOrThrow();
      const [years, disposals, income] = await Promise.all([
        db
          .selectFrom('tax_year_summaries')
          .selectAll()
          .where('calc_id', '=', calc.id)
          .orderBy('year')
          .execute(),
        db.selectFrom('tax_disposals').selectAll().where('calc_id', '=', calc.id).orderBy('id').execute(),
        db.selectFrom('tax_income').selectAll().where('calc_id', '=', calc.id).orderBy('id').execute(),
      ]);
      return Object.fromEntries(
        years.map((y) => [
          String(y.year),
          {
            totals: [y.proceeds, y.cost_basis, y.short_term_gain, y.long_term_gain, y.income].map(n),
            disposals: disposals
              .filter((d) => d.year === y.year)
              .map((d) =>
                line({
                  asset: d.asset,
                  amount: String(d.amount),
                  acquiredAt: d.acquired_at,
                  disposedAt: d.disposed_at,
                  proceeds: String(d.proceeds),
                  costBasis: String(d.cost_basis),
                  gain: String(d.gain),
                  term: d.term,
                  category: d.category,
                  wallet: d.wallet,
                  lots: JSON.parse(d.lots),
                }),
              ),
            income: income
              .filter((i) => i.year === y.year)
              .map(
                (i) => `${i.asset} ${n(i.amount)} ${n(i.value)} ${i.received_at} ${i.category} ${i.wallet}`,
              ),
          },
        ]),
      );
    }

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      userId = (
        await server.ctx.db.kysely
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'alice@example.com')
          .executeTakeFirstOrThrow()
      ).id;
      const accounts = new Set<number>();
      for (const file of FILES) {
        // Each file is one wallet named after it, as the CLI names them.
        const name = file.split('/').at(-1)!;
        const up = await alice.upload(
          '/api/imports/v1/csv_imports',
          { name, content: readFileSync(file, 'utf8') },
          { custom_name: name.replace('.csv', ''), new_account: 'true' },
        );
        accounts.add(up.body.data.import_history_id);
        await server.ctx.jobs.idle();
      }
      expect(accounts.size).toBe(2);
    });
    afterAll(() => server.dispose());

    for (const { method, basis } of COMBOS) {
      it(`${method}, ${basis}: per-year totals, disposal lines with their lots, income`, async () => {
        const saved = await alice.put('/api/tax/settings', {
          method,
          basis,
          allocation_rule: 'stay-oldest-first',
        });
        expect(saved.status).toBe(200);
        await alice.post('/api/recalculate_tax');
        await server.ctx.jobs.idle();
        const want = await cliAnswer(method, basis);
        expect(Object.keys(want)).toEqual(['2023', '2024', '2025']);
        expect(await appYears()).toEqual(want);
      });
    }

    it('the matrix is not trivial: methods and applications give different numbers', async () => {
      const answers = await Promise.all(COMBOS.map(({ method, basis }) => cliAnswer(method, basis)));
      const gains = new Set(answers.map((a) => JSON.stringify(a['2025']!.totals)));
      expect(gains.size).toBeGreaterThanOrEqual(3);
    });
  });
}
