import { EDIT_MESSAGES } from '@lotwise/contracts/transactions/edit/update-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
// 1 BTC bought for 10,000; 0.5 DOT arrives (a plain deposit); half the BTC sold for 8,000
// (basis 5,000, long-term gain 3,000).
const FILE = [
  HEADER,
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,,,10000,USD,,Buy,',
  '2024-02-01 00:00:00 UTC,,,0.5,DOT,,,3.10,USD,,Deposit,',
  '2024-03-01 09:00:00 UTC,0.5,BTC,8000,USD,,,8000,USD,,Sell,',
].join('\n');

interface Year {
  year: number;
  proceeds: string;
  long_term_gain: string;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: the edit dialog's save (/transaction/update, /updatev5)`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;

    async function row(email: string, where: { received?: string; sent?: string }) {
      return server.ctx.db.kysely
        .selectFrom('transactions as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .selectAll('t')
        .where('u.email', '=', email)
        .$if(where.received !== undefined, (q) => q.where('t.received_asset', '=', where.received ?? ''))
        .$if(where.sent !== undefined, (q) => q.where('t.sent_asset', '=', where.sent ?? ''))
        .executeTakeFirstOrThrow();
    }

    /** A valid payload that changes nothing, as the dialog sends it when opened and saved. */
    async function unchanged(email: string, where: { received?: string; sent?: string }) {
      const r = await row(email, where);
      return {
        id: Number(r.id),
        date: r.timestamp,
        from_currency: r.sent_asset,
        from_amount: r.sent_amount === null ? null : String(r.sent_amount),
        to_currency: r.received_asset,
        to_amount: r.received_amount === null ? null : String(r.received_amount),
        fee: '0',
        fee_currency: null,
        comment: '',
        us_based: false,
      };
    }

    async function year2024(client: TestClient): Promise<Year> {
      await client.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      await server.ctx.jobs.idle();
      const years = (await client.get('/api/tax/years')).body.data;
      expect(years.stale).toBe(false);
      return years.years.find((y: Year) => y.year === 2024);
    }

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: FILE });
      await bob.upload('/api/imports/v1/csv_imports', { name: 'ledger.csv', content: FILE });
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('returns every failing message at once, in field order', async () => {
      const body = {
        ...(await unchanged('alice@example.com', { sent: 'BTC' })),
        date: '03/01/2024 09:07',
        from_currency: '',
        from_amount: '-1',
        fee: '2',
        fee_currency: '',
        us_based: null,
        comment: 'x'.repeat(1001),
      };
      for (const path of ['/api/transaction/update', '/api/transaction/updatev5']) {
        const res = await alice.post(path, body);
        expect(res.status).toBe(400);
        expect(res.body.messages).toEqual([
          EDIT_MESSAGES.dateStep,
          EDIT_MESSAGES.outCurrency,
          'Out amount must be a number of 0 or more',
          EDIT_MESSAGES.feeCurrency,
          EDIT_MESSAGES.usBased,
          EDIT_MESSAGES.comment,
        ]);
        expect(res.body.message).toBe(res.body.messages.join('. '));
      }
    });

    it('checks the date is given and a real UTC date, the In currency of a buy and number fields', async () => {
      const sell = await unchanged('alice@example.com', { sent: 'BTC' });
      const buy = await unchanged('alice@example.com', { received: 'BTC' });
      const cases: [object, string[]][] = [
        [{ ...sell, date: '' }, [EDIT_MESSAGES.dateRequired]],
        [{ ...sell, date: '02/30/2024 10:00' }, [EDIT_MESSAGES.dateFormat]],
        [{ ...buy, to_currency: ' ' }, [EDIT_MESSAGES.inCurrency]],
        [
          { ...buy, to_amount: '1e5', fee: 'abc' },
          ['In amount must be a number of 0 or more', 'Fee amount must be a number of 0 or more'],
        ],
        [
          { ...buy, to_per_token_price: '-3', manual_per_token_price: true },
          ['In per-token price must be a number of 0 or more'],
        ],
      ];
      for (const [body, messages] of cases) {
        const res = await alice.post('/api/transaction/updatev5', body);
        expect(res.status).toBe(400);
        expect(res.body.messages).toEqual(messages);
      }
      // Fee 0 needs no currency; a date on a 15-minute step and any number of decimals are fine.
      const ok = await alice.post('/api/transaction/updatev5', {
        ...sell,
        date: '03/01/2024 09:45',
        from_amount: '0.500000000000000001',
        fee: '0',
        comment: 'y'.repeat(1000),
      });
      expect(ok.status).toBe(200);
      const stored = await row('alice@example.com', { sent: 'BTC' });
      expect(stored.timestamp).toBe('2024-03-01T09:45:00Z');
      expect(String(stored.sent_amount)).toMatch(/^0\.500000000000000001/);
      await alice.post('/api/transaction/updatev5', { ...sell, comment: '' });
      expect((await row('alice@example.com', { sent: 'BTC' })).timestamp).toBe(sell.date);
    });

    it('saves through both endpoints and answers with the list rows', async () => {
      const sell = await unchanged('alice@example.com', { sent: 'BTC' });
      const v5 = await alice.post('/api/transaction/updatev5', {
        ...sell,
        from_per_token_price: '16000.123456789',
        manual_per_token_price: true,
        fee: '0.001',
        fee_currency: 'btc',
        us_based: true,
        comment: 'sold half',
      });
      expect(v5.status).toBe(200);
      expect(v5.body.status).toBe('success');
      expect(v5.body.message).toEqual(['Transaction updated successfully.']);
      expect(v5.body.data.updated_rows).toHaveLength(1);
      expect(v5.body.data.updated_rows[0]).toMatchObject({
        id: sell.id,
        type: 'sell',
        from_currency: 'BTC',
        from_per_token_price: expect.stringMatching(/^16000\.123456789/),
        manual_per_token_price: true,
        fee_currency_code: 'BTC',
        us_based: true,
        comment: 'sold half',
        incoming: [],
      });
      expect(Number(v5.body.data.updated_rows[0].fee)).toBe(0.001);

      // The legacy editor can turn the type; the revamped one keeps it.
      const deposit = await unchanged('alice@example.com', { received: 'DOT' });
      const same = await alice.post('/api/transaction/updatev5', { ...deposit, type: 'sell' });
      expect(same.body.data.updated_rows[0].type).toBe('buy');
      const legacy = await alice.post('/api/transaction/update', {
        ...deposit,
        type: 'transfer',
        ignore: true,
      });
      expect(legacy.body.data.updated_rows[0]).toMatchObject({
        id: deposit.id,
        user_defined_type: 'external_transfer',
        default_type: 'deposit',
        ignored: true,
        to_currency: 'DOT',
      });
      const back = await alice.post('/api/transaction/update', { ...deposit, type: 'buy', ignore: false });
      expect(back.body.data.updated_rows[0]).toMatchObject({
        type: 'buy',
        default_type: 'buy',
        ignored: false,
      });

      const notes = await server.ctx.db.kysely
        .selectFrom('annotation_histories')
        .select(['action', 'payload'])
        .where('dedupe_key', '=', (await row('alice@example.com', { sent: 'BTC' })).dedupe_key)
        .orderBy('id')
        .execute();
      const last = JSON.parse(notes.at(-1)?.payload ?? '{}');
      expect(notes.at(-1)?.action).toBe('edit');
      expect(last.changes).toMatchObject({
        comment: 'sold half',
        us_based: true,
        manual_price: true,
        fee_asset: 'BTC',
      });
      expect(last.previous).toMatchObject({
        comment: null,
        us_based: false, // answered "No" by the earlier saves
        manual_price: false,
        fee_asset: null,
      });
    });

    it("refuses another user's row (not found) and leaves it as it was", async () => {
      const body = await unchanged('alice@example.com', { received: 'BTC' });
      const before = await row('alice@example.com', { received: 'BTC' });
      for (const path of ['/api/transaction/update', '/api/transaction/updatev5']) {
        const res = await bob.post(path, { ...body, comment: 'mine now' });
        expect(res.status).toBe(404);
      }
      expect(await row('alice@example.com', { received: 'BTC' })).toEqual(before);
    });

    it('refuses a key it does not know, naming it, and changes nothing (a typo is not a silent no-op)', async () => {
      const body = await unchanged('alice@example.com', { received: 'BTC' });
      const before = await row('alice@example.com', { received: 'BTC' });
      for (const path of ['/api/transaction/update', '/api/transaction/updatev5']) {
        const res = await alice.post(path, { ...body, comment: 'typo', recieved_amount: '2' });
        expect(res.status, path).toBe(400);
        expect(res.body.message, path).toMatch(/recieved_amount/);
      }
      expect(await row('alice@example.com', { received: 'BTC' })).toEqual(before);
    });

    it('a manual per-token price changes the proceeds and the basis of the next calculation', async () => {
      const bobSell = await unchanged('bob@example.com', { sent: 'BTC' });
      const start = await year2024(bob);
      expect(Number(start.proceeds)).toBe(8000);
      expect(Number(start.long_term_gain)).toBe(3000);
      await bob.post('/api/transaction/updatev5', {
        ...bobSell,
        from_per_token_price: '20000',
        manual_per_token_price: true,
      });
      expect((await bob.get('/api/tax/years')).body.data.stale).toBe(true);
      const sold = await year2024(bob);
      expect(Number(sold.proceeds)).toBe(10000);
      expect(Number(sold.long_term_gain)).toBe(5000);
      // The revamped editor's total value alone sets the price of the bought asset (12,000 ÷ 1).
      const bobBuy = await unchanged('bob@example.com', { received: 'BTC' });
      const res = await bob.post('/api/transaction/updatev5', {
        ...bobBuy,
        total_value: '12000',
        manual_per_token_price: true,
      });
      expect(res.body.data.updated_rows[0].to_per_token_price).toMatch(/^12000(\.0*)?$/);
      const based = await year2024(bob);
      expect(Number(based.proceeds)).toBe(10000);
      expect(Number(based.long_term_gain)).toBe(4000);
    });

    it('re-applies an edit when the same file is imported again; the annotation reset undoes it', async () => {
      const db = server.ctx.db.kysely;
      const dot = await unchanged('alice@example.com', { received: 'DOT' });
      const original = await row('alice@example.com', { received: 'DOT' });
      await alice.post('/api/transaction/updatev5', {
        ...dot,
        date: '02/01/2024 00:15',
        to_amount: '0.75',
        to_per_token_price: '6.5',
        manual_per_token_price: true,
        us_based: true,
        comment: 'cold wallet',
      });
      await alice.post('/api/transaction/updatev5', {
        ...dot,
        date: '02/01/2024 00:15',
        to_amount: '0.8',
        to_per_token_price: '6.5',
        manual_per_token_price: true,
        us_based: true,
        comment: 'cold wallet',
      });
      const fileId = original.import_file_id as number;
      await alice.request('DELETE', `/api/imports/v1/import_files/${fileId}`);
      await server.ctx.jobs.idle();
      expect(
        await db.selectFrom('transactions').select('id').where('id', '=', original.id).executeTakeFirst(),
      ).toBeUndefined();
      await alice.upload('/api/imports/v1/csv_imports', { name: 'again.csv', content: FILE });
      await server.ctx.jobs.idle();
      const again = await row('alice@example.com', { received: 'DOT' });
      expect(again.id).not.toBe(original.id);
      expect(again).toMatchObject({
        timestamp: '2024-02-01T00:15:00Z',
        comment: 'cold wallet',
        received_asset: 'DOT',
      });
      expect(Number(again.received_amount)).toBe(0.8);
      expect(Number(again.received_price)).toBe(6.5);
      expect(Boolean(again.manual_price)).toBe(true);
      expect(Boolean(again.us_based)).toBe(true);

      expect(
        (await bob.request('DELETE', `/api/annotation_history/reset?eid=${again.import_history_id}`)).status,
      ).toBe(404);
      const reset = await alice.request(
        'DELETE',
        `/api/annotation_history/reset?eid=${again.import_history_id}`,
      );
      expect(reset.status).toBe(200);
      const undone = await row('alice@example.com', { received: 'DOT' });
      expect(undone).toMatchObject({
        timestamp: original.timestamp,
        comment: null,
        received_price: null,
        us_based: null,
      });
      expect(Number(undone.received_amount)).toBe(0.5);
      expect(Boolean(undone.manual_price)).toBe(false);
      expect(Boolean(undone.ignored)).toBe(false);
      // The earlier tests' legacy type changes (Transfer, then Buy) are undone too: a plain deposit again.
      expect(undone.kind).toBe('deposit');
      expect(undone.user_defined_type).toBeNull();
      expect(undone.updated_at > original.updated_at).toBe(true);
    });
  });
}
