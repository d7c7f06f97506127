import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_WHILE_VIEWING } from '../src/http/impersonation-guard.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/1099-da/tie-out/${name}`, import.meta.url), 'utf8');

interface Line {
  status: string;
  asset: string;
  broker: { id: number; date_sold: string } | null;
  disposals: Array<{ id: number }>;
  reasons: Array<{ code: string; text: string; units?: string }>;
  form_8949: {
    box: string;
    proceeds: string;
    cost_basis: string;
    code: string;
    adjustment: string;
    gain: string;
  };
}
const row8949 = (l: Line) => {
  const f = l.form_8949;
  return [f.box, f.proceeds, f.cost_basis, f.code, f.adjustment, f.gain];
};

/**
 * Issue 31 item 5: a 1099-DA line whose sale Lotwise has no purchase or deposit for is fixed in
 * place. Coinbase sold 5 DOT on 1 August 2025 (the fixtures of broker-tie-out.test.ts) that came
 * in from a wallet Lotwise never saw: Lotwise sold them at $0 basis, the broker reports $25
 * (box G, basis reported). The deposit is added through the tie-out's fix (the manual entry's
 * write, into Coinbase), the year recalculated, and the line read again.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: fixing a missing transfer from the 1099-DA tie-out`, () => {
    let server: TestServer;
    let alice: TestClient;
    let aliceId = 0;
    let coinbase = 0;
    const deposits = () =>
      server.ctx.db.kysely
        .selectFrom('transactions')
        .select([
          'import_history_id',
          'kind',
          'timestamp',
          'received_asset',
          'received_amount',
          'sent_amount',
        ])
        .where('user_id', '=', aliceId)
        .where('label', '=', 'Missing deposit')
        .where('ignored', '=', false)
        .orderBy('id')
        .execute();

    async function account(email: string, roles: string) {
      const client = new TestClient(server.app);
      const res = await client.post('/api/auth/sign_up', { email, password: 'correct horse 9' });
      await server.ctx.users.update(res.body.user.id, { roles, onboarded: true });
      return { client, id: res.body.user.id as number };
    }
    async function dot(): Promise<Line> {
      await alice.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
      const res = await alice.get('/api/tax/years/2025/tie_out?asset=DOT');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.lines).toHaveLength(1);
      return res.body.data.lines[0] as Line;
    }
    const fix = (client: TestClient, id: number, body: object) =>
      client.post(`/api/tax/broker_forms/lines/${id}/missing_deposit`, body);

    beforeAll(async () => {
      server = await startTestServer(dialect);
      ({ client: alice, id: aliceId } = await account('alice@example.com', 'customer'));
      await alice.post('/api/currency', { currency: 'USD', timezone: 'America/New_York' });
      for (const [name, file, extra] of [
        ['Coinbase', 'coinbase-ledger.csv', {}],
        ['Ledger', 'ledger-wallet.csv', { new_account: 'true' }],
      ] as const) {
        await alice.upload(
          '/api/imports/v1/csv_imports',
          { name: file, content: fixture(file) },
          { custom_name: name, ...extra },
        );
        await server.ctx.jobs.idle();
      }
      const accounts = (await alice.get('/api/imports/v2/import_histories')).body.data as Array<{
        id: number;
        custom_name: string;
      }>;
      coinbase = accounts.find((a) => a.custom_name === 'Coinbase')!.id;
      const form = await alice.upload(
        '/api/tax/broker_forms',
        { name: 'coinbase-1099da-2025.csv', content: fixture('coinbase-1099da-2025.csv') },
        { account_id: String(coinbase), year: '2025' },
      );
      expect(form.status, JSON.stringify(form.body)).toBe(200);
    });
    afterAll(() => server.dispose());

    it('the line is "basis differs" for 5 DOT Lotwise has no deposit for; bad input and others are refused', async () => {
      const line = await dot();
      expect(line.status).toBe('basis_differs');
      expect(line.reasons.map((r) => [r.code, r.units])).toEqual([['missing_acquisition', '5']]);
      // (d) 30 as on the form; (e) the broker's 25 (G: basis reported), B with (g) 25 − 0 = 25;
      // (h) = 30 − 25 + 25 = 30: Lotwise's gain on a $0 basis.
      expect(row8949(line)).toEqual(['G', '30.00', '25.00', 'B', '25.00', '30.00']);
      const id = line.broker!.id;

      const bad = async (body: object, field: string) => {
        const res = await fix(alice, id, body);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.message).toContain(field);
      };
      const good = { units: '5', date_acquired: '2025-07-01', cost_basis: '25' };
      // Deposited before the sale, never on its day or after.
      await bad(
        { ...good, date_acquired: '2025-08-01' },
        'date_acquired: must be before the sale on 2025-08-01',
      );
      await bad({ ...good, date_acquired: '2025-02-30' }, 'date_acquired');
      await bad({ ...good, units: '0' }, 'units');
      await bad({ ...good, cost_basis: 'lots' }, 'cost_basis');

      // Bob's request for Alice's line, and an id that is nobody's: 404, nothing added.
      const { client: bob } = await account('bob@example.com', 'customer');
      expect((await fix(bob, id, good)).status).toBe(404);
      expect((await fix(alice, id + 100_000, good)).status).toBe(404);

      // Her accountant inside her account sees the tie-out, and the fix is refused.
      const { client: dave } = await account('dave@cpa.example', 'cpa');
      await alice.post('/api/customer_cpa', { email: 'dave@cpa.example' });
      const mail = [...server.mails].reverse().find((m) => m.to === 'dave@cpa.example')!;
      const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
      expect((await dave.post('/api/invitations/accept', { token })).status).toBe(200);
      expect((await dave.post(`/api/users/${aliceId}/impersonate`)).status).toBe(200);
      expect((await dave.get('/api/tax/years/2025/tie_out?asset=DOT')).status).toBe(200);
      const refused = await fix(dave, id, good);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(NOT_WHILE_VIEWING);
      expect(await deposits()).toEqual([]);
    });

    it('a deposit is refused on a line with no units without a purchase, and beyond those units', async () => {
      await dot();
      const all = (await alice.get('/api/tax/years/2025/tie_out?per_page=100')).body.data.lines as Line[];
      const find = (asset: string, sold: string) =>
        all.find((l) => l.asset === asset && l.broker?.date_sold === sold)!;
      const refused = async (line: Line, body: object) => {
        const res = await fix(alice, line.broker!.id, body);
        expect(res.status, JSON.stringify(res.body)).toBe(409);
        expect(res.body.message).toBe(
          'This line has no units without a purchase: adding a deposit would count coins twice',
        );
      };
      // A line that matches (0.2 BTC sold 1 February, its purchase in Coinbase).
      const btc = find('BTC', '2025-02-01');
      expect(btc.status).toBe('matches');
      await refused(btc, { units: '0.2', date_acquired: '2025-01-10', cost_basis: '8000' });
      // 2 ETH transferred in from Ledger: Lotwise has their purchase there; another deposit would
      // count them twice (the 8949's box H gain $6,999 instead of $1,000).
      const eth = find('ETH', '2025-04-01');
      expect(eth.reasons.map((r) => r.code)).toContain('transferred_in');
      expect(eth.reasons.map((r) => r.code)).not.toContain('missing_acquisition');
      await refused(eth, { units: '2', date_acquired: '2025-02-10', cost_basis: '1' });
      // On the 1099-DA only: Lotwise has no sale to give a lot to.
      const xrp = find('XRP', '2025-10-01');
      expect(xrp.status).toBe('form_only');
      await refused(xrp, { units: '1', date_acquired: '2025-09-01', cost_basis: '1' });
      // DOT has 5 units without a purchase: 6 are refused.
      const dotLine = find('DOT', '2025-08-01');
      const more = await fix(alice, dotLine.broker!.id, {
        units: '6',
        date_acquired: '2025-07-01',
        cost_basis: '30',
      });
      expect(more.status, JSON.stringify(more.body)).toBe(400);
      expect(more.body.message).toBe(
        'units: at most 5 DOT of this sale have no purchase; a deposit of more would count coins twice',
      );
      expect(await deposits()).toEqual([]);
    });

    it('while other transactions changed since the calculation, a deposit is refused until it is recalculated', async () => {
      const id = (await dot()).broker!.id;
      const good = { units: '5', date_acquired: '2025-07-01', cost_basis: '25' };
      // Another row edited since the calculation: an imported wallet or an edit may hold the very
      // transfer in, so the tie-out the fix would trust may be out of date.
      const other = await server.ctx.db.kysely
        .selectFrom('transactions')
        .select('id')
        .where('user_id', '=', aliceId)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const toggle = async (is_ignore: boolean) => {
        const res = await alice.post('/api/traces/toggle_group_transaction_type_ignore', {
          ids: [Number(other.id)],
          is_ignore,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      };
      // Ignored and enabled again: as it was, but changed since the calculation.
      await toggle(true);
      await toggle(false);
      const stale = await fix(alice, id, good);
      expect(stale.status, JSON.stringify(stale.body)).toBe(409);
      expect(stale.body.message).toBe(
        'Your transactions or settings changed since the last calculation, so this tie-out may be out of date (an imported wallet may hold these coins): recalculate first, then add the deposit if the line still has units without a purchase',
      );
      expect(await deposits()).toEqual([]);
    });

    it('four deposits of the same 5 DOT sent at once: one is added, the others refused', async () => {
      const id = (await dot()).broker!.id;
      const body = { units: '5', date_acquired: '2025-07-01', cost_basis: '25' };
      const answers = await Promise.all([1, 2, 3, 4].map(() => fix(alice, id, body)));
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([
        200, 409, 409, 409,
      ]);
      for (const refused of answers.filter((a) => a.status === 409))
        expect([
          'This line has no units without a purchase: adding a deposit would count coins twice',
          'Another deposit for these coins was added at the same moment: read the tie-out again before adding more',
        ]).toContain(refused.body.message);
      expect(await deposits()).toHaveLength(1);
      // Taken away again for the next test, which adds the deposit in two parts.
      const added = answers.find((a) => a.status === 200)!.body.data.transaction_id as number;
      const ignored = await alice.post('/api/traces/toggle_group_transaction_type_ignore', {
        ids: [added],
        is_ignore: true,
      });
      expect(ignored.status, JSON.stringify(ignored.body)).toBe(200);
      expect(await deposits()).toEqual([]);
    });

    it('part of the deposit leaves the rest missing; the whole of it makes the line match', async () => {
      const id = (await dot()).broker!.id;
      // 2 of the 5 DOT found first, bought for $10.
      const first = await fix(alice, id, { units: '2', date_acquired: '2025-07-01', cost_basis: '$10.00' });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.message).toBe(
        'Added the deposit of 2 DOT to Coinbase, acquired 2025-07-01 for 10.00 USD. Recalculate to tie the line out again.',
      );
      expect(first.body.data.account_id).toBe(coinbase);
      // Before the recalculation the tie-out still says 5: the 2 just added leave 3 to add.
      const twice = await fix(alice, id, { units: '4', date_acquired: '2025-07-01', cost_basis: '20' });
      expect(twice.status, JSON.stringify(twice.body)).toBe(400);
      expect(twice.body.message).toContain('units: at most 3 DOT of this sale have no purchase');
      let line = await dot();
      expect(line.status).toBe('basis_differs');
      expect(line.reasons.map((r) => [r.code, r.units])).toEqual([['missing_acquisition', '3']]);
      // Lotwise's basis 10 (3 DOT still at 0): (e) 25, B, (g) 25 − 10 = 15, (h) = 30 − 25 + 15 = 20.
      expect(row8949(line)).toEqual(['G', '30.00', '25.00', 'B', '15.00', '20.00']);

      // The other 3 for $15: Lotwise's basis is the broker's $25.
      expect(
        (await fix(alice, id, { units: '3', date_acquired: '2025-07-01', cost_basis: '15' })).status,
      ).toBe(200);
      line = await dot();
      expect(line.status).toBe('matches');
      expect(line.reasons).toEqual([]);
      // (d) 30, (e) 25, no code and no (g): (h) = 30 − 25 = 5.
      expect(row8949(line)).toEqual(['G', '30.00', '25.00', '', '', '5.00']);
      // Once it matches, a second deposit of the 5 DOT is refused: nothing is missing any more.
      const again = await fix(alice, id, { units: '5', date_acquired: '2025-07-01', cost_basis: '25' });
      expect(again.status, JSON.stringify(again.body)).toBe(409);
      // Two real transactions in Coinbase, dated the day acquired (noon UTC: 1 July in New York),
      // whose lots the sale used.
      expect(await deposits()).toEqual([
        expect.objectContaining({ import_history_id: coinbase, kind: 'deposit', received_asset: 'DOT' }),
        expect.objectContaining({ import_history_id: coinbase, kind: 'deposit', received_asset: 'DOT' }),
      ]);
      expect(
        (await deposits()).map((d) => [String(d.timestamp).slice(0, 10), String(d.received_amount)]),
      ).toEqual([
        ['2025-07-01', '2'],
        ['2025-07-01', '3'],
      ]);
      const lots = await alice.get(`/api/tax/disposals/${line.disposals[0]!.id}/lots`);
      expect(
        (lots.body.data as Array<{ acquired_at: string; amount: string; cost_basis: string }>).map((l) => [
          l.acquired_at,
          l.amount,
          l.cost_basis,
        ]),
      ).toEqual([
        ['2025-07-01', '2', '10'],
        ['2025-07-01', '3', '15'],
      ]);
    });

    it('Form 8949 writes the matched line without a code; the ETH transferred in keeps code B', async () => {
      const gains = String((await alice.request('GET', '/api/tax/reports/2025/capital-gains.csv')).body)
        .trim()
        .split('\n');
      const col = (name: string) => gains[0]!.split(',').indexOf(name);
      const rows = gains.slice(1).map((l) => l.split(','));
      const pick = (asset: string, sold: string) =>
        rows
          .filter((r) => r[col('asset')] === asset && r[col('date_sold')] === sold)
          .map((r) => ['proceeds', 'cost_basis', 'gain', 'box', 'code', 'adjustment'].map((c) => r[col(c)]));
      // DOT: (d) 30, (e) 25, (h) 5, box G, no code.
      expect(pick('DOT', '08/01/2025')).toEqual([['30.00', '25.00', '5.00', 'G', '', '']]);
      // 2 ETH from Ledger: the broker's $7,000 is not Lotwise's correct $6,000, basis not
      // reported (H): (e) 6,000, B with (g) 0, (h) 1,000.
      expect(pick('ETH', '04/01/2025')).toEqual([['7000.00', '6000.00', '1000.00', 'H', 'B', '0.00']]);
    });
  });
}
