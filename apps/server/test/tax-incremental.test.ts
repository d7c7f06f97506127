import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const NOW = '2026-01-01T00:00:00Z';
const KINDS = ['buy', 'buy', 'sell', 'trade', 'deposit', 'withdrawal', 'income'] as const;

/** Deterministic rows 2019–2025 over two accounts, plus transfers for the matcher (one across New Year). */
function rows(userId: number, accounts: number[]) {
  const out = [];
  const r = (i: number, k: number) => ((i * 2654435761 + k * 97) >>> 0) % 1_000_003;
  for (let i = 0; i < 420; i++) {
    const kind = KINDS[r(i, 1) % KINDS.length]!;
    const ms = Date.UTC(2019, 0, 1) + (r(i, 2) / 1_000_003) * 7 * 365 * 86_400_000;
    const asset = r(i, 3) % 2 ? 'BTC' : 'ETH';
    const amount = `${(r(i, 4) % 300) / 100 + 0.01}`;
    const usd = `${(r(i, 5) % 500000) / 100 + 1}`;
    const sends = kind === 'sell' || kind === 'trade' || kind === 'withdrawal';
    const receives = kind === 'buy' || kind === 'trade' || kind === 'deposit' || kind === 'income';
    out.push(
      tx(userId, accounts[i % 2]!, `k${i}`, new Date(ms).toISOString(), kind, {
        sent: sends ? [asset, amount] : kind === 'buy' ? ['USD', usd] : null,
        received: receives
          ? [kind === 'trade' ? (asset === 'BTC' ? 'ETH' : 'BTC') : asset, amount]
          : kind === 'sell'
            ? ['USD', usd]
            : null,
        usd: r(i, 6) % 3 ? usd : null,
      }),
    );
  }
  // A self-transfer across New Year in New York (withdrawal 2022, deposit 2023, local time).
  out.push(
    tx(userId, accounts[0]!, 'w-ny', '2023-01-01T04:30:00Z', 'withdrawal', {
      sent: ['BTC', '0.5'],
      received: null,
      usd: null,
    }),
  );
  out.push(
    tx(userId, accounts[1]!, 'd-ny', '2023-01-01T05:30:00Z', 'deposit', {
      sent: null,
      received: ['BTC', '0.499'],
      usd: null,
    }),
  );
  return out;
}

function tx(
  userId: number,
  account: number,
  key: string,
  timestamp: string,
  kind: string,
  legs: { sent: string[] | null; received: string[] | null; usd: string | null },
) {
  return {
    user_id: userId,
    import_history_id: account,
    dedupe_key: key,
    timestamp,
    kind,
    sent_asset: legs.sent?.[0] ?? null,
    sent_amount: legs.sent?.[1] ?? null,
    received_asset: legs.received?.[0] ?? null,
    received_amount: legs.received?.[1] ?? null,
    fiat_currency: legs.usd ? 'USD' : null,
    fiat_value: legs.usd,
    ignored: false,
    created_at: NOW,
    updated_at: NOW,
  };
}

/** Everything a calculation stored for pages and reports, without ids that may differ. */
async function snapshot(db: Kysely<Database>, userId: number) {
  const calc = await db
    .selectFrom('tax_calculations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'complete')
    .executeTakeFirstOrThrow();
  // One shape is enough to read the rows; the tables differ only in their columns.
  const of = (table: 'tax_year_summaries' | 'tax_disposals' | 'tax_income' | 'tax_holdings') =>
    db
      .selectFrom(table as 'tax_disposals')
      .selectAll()
      .where('calc_id', '=', calc.id)
      .orderBy('id')
      .execute() as Promise<Array<Record<string, unknown>>>;
  const strip = (list: Array<Record<string, unknown>>) => list.map(({ id, calc_id, ...rest }) => rest);
  const [years, disposals, income, holdings, warnings, statuses] = await Promise.all([
    of('tax_year_summaries'),
    of('tax_disposals'),
    of('tax_income'),
    of('tax_holdings'),
    db
      .selectFrom('tax_warnings')
      .select(['code', 'transaction_id', 'message', 'affects', 'year'])
      .where('calc_id', '=', calc.id)
      .execute(),
    db
      .selectFrom('tax_transaction_status')
      .select([
        'transaction_id',
        'status',
        'missing_price',
        'sell_without_buy',
        'sell_without_buy_quantity',
        'year',
      ])
      .where('calc_id', '=', calc.id)
      .execute(),
  ]);
  const byYear = (list: Array<Record<string, unknown>>) =>
    strip(list).sort((a, b) => Number(a.year) - Number(b.year));
  const sorted = (list: object[]) => list.map((x) => JSON.stringify(x)).sort();
  return {
    allocation: calc.allocation,
    years: byYear(years),
    disposals: byYear(disposals),
    income: byYear(income),
    holdings: strip(holdings),
    warnings: sorted(warnings),
    statuses: sorted(statuses),
  };
}

/**
 * In-memory SQLite keeps rows and results on the server's thread; a SQLite file and
 * PostgreSQL let the engine's worker read and store on a connection of its own (issue 17).
 */
interface Setup {
  dialect: (typeof DIALECTS)[number];
  label: string;
  file?: boolean;
}
const SETUPS: Setup[] = DIALECTS.flatMap((dialect): Setup[] =>
  dialect === 'sqlite'
    ? [
        { dialect, label: 'sqlite in memory' },
        { dialect, label: 'sqlite file', file: true },
      ]
    : [{ dialect, label: dialect }],
);

for (const { dialect, label, file } of SETUPS) {
  describe(`${label}: incremental tax recalculation`, () => {
    let server: TestServer;
    let alice: TestClient;
    let userId: number;
    let db: Kysely<Database>;

    /** The last calculation job's account of itself. */
    async function lastJob(): Promise<{ resumedFrom?: number; ms: Record<string, number> }> {
      const job = await db
        .selectFrom('jobs')
        .select('result')
        .where('name', '=', 'tax.calculate')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return JSON.parse(job.result ?? '{}');
    }

    /** Calculates and returns the year the job resumed from (undefined: a full run). */
    async function calculate(): Promise<number | undefined> {
      const start = await alice.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
      const check = await alice.get(`/api/traces/check_tax_calculation?id=${start.body.data.trace_id}`);
      expect(check.body.data.state).toBe('complete');
      return (await lastJob()).resumedFrom;
    }

    /** The same data calculated from scratch (no stored year starts to resume from). */
    async function full() {
      await db.deleteFrom('tax_checkpoints').execute();
      expect(await calculate()).toBeUndefined();
      return snapshot(db, userId);
    }

    async function expectIncrementalEqualsFull(resumedFrom: number) {
      expect(await calculate()).toBe(resumedFrom);
      const incremental = await snapshot(db, userId);
      expect(incremental.disposals.length).toBeGreaterThan(10);
      expect(await full()).toEqual(incremental);
    }

    async function edit(
      key: string,
      set: Partial<Record<'fiat_value' | 'timestamp' | 'sent_amount', string>>,
    ) {
      await db
        .updateTable('transactions')
        .set({ ...set, updated_at: new Date().toISOString() })
        .where('user_id', '=', userId)
        .where('dedupe_key', '=', key)
        .execute();
    }

    beforeAll(async () => {
      server = await startTestServer(
        dialect,
        file
          ? {
              DATABASE_URL: `sqlite:${path.join(mkdtempSync(path.join(tmpdir(), 'lotwise-calc-')), 'calc.db')}`,
            }
          : {},
      );
      db = server.ctx.db.kysely;
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'alice@example.com')
        .executeTakeFirstOrThrow();
      userId = user.id;
      await db.updateTable('users').set({ timezone: 'America/New_York' }).where('id', '=', userId).execute();
      const accounts = [];
      for (const name of ['Coinbase', 'Ledger']) {
        const h = await db
          .insertInto('import_histories')
          .values({
            user_id: userId,
            account_name: name,
            account_slug: name.toLowerCase(),
            type: 'csv',
            custom_name: null,
            us_based: false,
            import_status: 'complete',
            wallet_address: null,
            last_synced_at: null,
            created_at: NOW,
            updated_at: NOW,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        accounts.push(h.id);
      }
      for (const row of rows(userId, accounts)) await db.insertInto('transactions').values(row).execute();
      expect(await calculate()).toBeUndefined();
    });
    afterAll(() => server.dispose());

    /** A row's key in a given local year (the generator spreads them over 2019–2025). */
    async function keyIn(year: number, kind: string): Promise<string> {
      const row = await db
        .selectFrom('transactions')
        .select('dedupe_key')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('timestamp', '>=', `${year}-03-01`)
        .where('timestamp', '<', `${year}-11-01`)
        .orderBy('timestamp')
        .executeTakeFirstOrThrow();
      return row.dedupe_key;
    }

    it('stores the same results whichever thread reads and stores the rows', async () => {
      // Read → engine → store on the worker's own connection ('finish' is the server's step
      // after it) where the database allows a second connection, else on this thread.
      const own = await full();
      expect('finish' in (await lastJob()).ms).toBe(label !== 'sqlite in memory');
      process.env.TAX_CALC_OWN_CONNECTION = 'off';
      try {
        const here = await full();
        expect((await lastJob()).ms.store).toBeGreaterThanOrEqual(0);
        expect(here).toEqual(own);
      } finally {
        delete process.env.TAX_CALC_OWN_CONNECTION;
      }
    });

    it('after a late edit recalculates only its year, with the same results as a full run', async () => {
      await edit(await keyIn(2025, 'sell'), { fiat_value: '12345.67' });
      await expectIncrementalEqualsFull(2025);
    });

    it('after an early edit resumes from that year', async () => {
      await edit(await keyIn(2020, 'buy'), { sent_amount: '777.77', fiat_value: '777.77' });
      await expectIncrementalEqualsFull(2020);
    });

    it('after a deletion and after an insert', async () => {
      await db
        .deleteFrom('transactions')
        .where('dedupe_key', '=', await keyIn(2024, 'trade'))
        .execute();
      await expectIncrementalEqualsFull(2024);
      const [account] = await db
        .selectFrom('import_histories')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      await db
        .insertInto('transactions')
        .values(
          tx(userId, account!.id, 'new', '2022-06-01T12:00:00Z', 'sell', {
            sent: ['BTC', '0.3'],
            received: ['USD', '9000'],
            usd: '9000',
          }),
        )
        .execute();
      await expectIncrementalEqualsFull(2022);
    });

    it('never splits a transfer pair across the resume point', async () => {
      // The New Year pair is matched across 2022/2023 (local): an edit in 2023 resumes from 2022.
      await edit(await keyIn(2023, 'sell'), { fiat_value: '4321' });
      await expectIncrementalEqualsFull(2022);
    });

    it('recalculates nothing when nothing changed', async () => {
      const before = (await alice.get('/api/imports/v1/tax_calculations/details')).body.data.trace_id;
      const again = await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      expect(again.body.data).toEqual({ trace_id: before, state: 'complete' });
    });

    it('starts over when a setting changes', async () => {
      await alice.put('/api/tax/settings', {
        method: 'hifo',
        basis: 'us-2025',
        allocation_rule: 'stay-oldest-first',
      });
      expect(await calculate()).toBeUndefined();
    });
  });
}
