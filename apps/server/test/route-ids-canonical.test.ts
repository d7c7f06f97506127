import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliceWithCoinbase } from './support/coinbase-account.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/** Other spellings of id `n` that Number() reads as n: each names no record. */
const spellings = (n: number) => [
  `0x${n.toString(16)}`,
  `${n}e0`,
  `${n}%20`,
  `%20${n}`,
  `+${n}`,
  `${n}.0`,
  `0${n}`,
];

/** `n` with each digit percent-encoded: the same URL as `n` (RFC 3986 §6.2.2.2), so the same record. */
const encoded = (n: number) => [...String(n)].map((d) => `%3${d}`).join('');

const TYPED_LINE = {
  form_8949_box: 'G',
  asset: 'SOL',
  asset_code: null,
  asset_name: null,
  units: '1',
  date_acquired: '2025-01-05',
  date_sold: '2025-04-05',
  proceeds: '150',
  cost_basis: '100',
  accrued_market_discount: null,
  wash_sale_loss_disallowed: null,
  basis_reported: true,
  proceeds_type: 'gross',
  federal_tax_withheld: null,
  loss_not_allowed: false,
  term: 'short',
  cash_only: true,
  customer_provided: false,
  noncovered: false,
  aggregate: null,
  aggregate_transactions: null,
};

/*
 * Issue 31: an id in a path, query or form field was read through Number(), so `0x1`, `1e0`,
 * `1.0`, `01`, `+1` and `1 ` all reached record 1 (the user's own records only, but a spelling
 * that is not an id must name none). Only an id's own digits do now (contracts' recordId, used by
 * every route): any other spelling is a 400 naming the field, or the 404 of a download, and
 * nothing is read, changed or removed. The id itself still works on each route.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: an id is its digits only, on every route`, () => {
    let server: TestServer;
    let alice: TestClient;
    let account = 0;
    let file = 0;
    let tx = 0;
    let form = 0;
    let formLine = 0;

    const counts = async () => {
      const db = server.ctx.db.kysely;
      const n = async (table: 'broker_forms' | 'import_files' | 'import_histories' | 'transactions') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        forms: await n('broker_forms'),
        files: await n('import_files'),
        accounts: await n('import_histories'),
        transactions: await n('transactions'),
      };
    };
    const txRow = () =>
      server.ctx.db.kysely
        .selectFrom('transactions')
        .selectAll()
        .where('id', '=', tx)
        .executeTakeFirstOrThrow();

    /** Every route below with `id` in the place of the record's id. */
    const routes = (id: { form: string; account: string; file: string; tx: string; line: string }) => [
      ['GET', `/api/tax/broker_forms/${id.form}/lines`],
      ['DELETE', `/api/tax/broker_forms/${id.form}`],
      ['POST', `/api/tax/broker_forms/lines/${id.line}/missing_deposit`],
      ['GET', `/api/imports/v2/import_histories/${id.account}/exchange_sources`],
      ['GET', `/api/imports/v1/import_files/${id.file}/errors`],
      ['DELETE', `/api/imports/v1/import_files/${id.file}`],
      ['DELETE', `/api/imports/v1/import_histories/${id.account}`],
      ['DELETE', `/api/transaction/${id.account}`],
      ['GET', `/api/transaction/download_users_transactions/${id.account}`],
      ['POST', `/api/traces/update_transaction_type/${id.tx}/airdrop`],
      ['GET', `/api/transaction/drill?id=${id.tx}`],
      ['POST', `/api/users/crypto_assets?account=${id.account}`],
    ];

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      account = await aliceWithCoinbase(server, alice);
      const db = server.ctx.db.kysely;
      file = (await db.selectFrom('import_files').select('id').executeTakeFirstOrThrow()).id;
      tx = Number((await db.selectFrom('transactions').select('id').executeTakeFirstOrThrow()).id);
      const typed = await alice.post('/api/tax/broker_forms/typed', {
        account_id: account,
        year: 2025,
        lines: [TYPED_LINE],
      });
      expect(typed.status, JSON.stringify(typed.body)).toBe(200);
      form = typed.body.data.form.id;
      formLine = (await alice.get(`/api/tax/broker_forms/${form}/lines`)).body.data.lines[0].id;
    });
    afterAll(() => server.dispose());

    it('another spelling of an id reads, changes and removes nothing', async () => {
      const before = await counts();
      const row = await txRow();
      const bad = {
        form: spellings(form),
        account: spellings(account),
        file: spellings(file),
        tx: spellings(tx),
        line: spellings(formLine),
      };
      for (let i = 0; i < bad.form.length; i++) {
        const id = {
          form: bad.form[i]!,
          account: bad.account[i]!,
          file: bad.file[i]!,
          tx: bad.tx[i]!,
          line: bad.line[i]!,
        };
        for (const [method, url] of routes(id)) {
          const res = await alice.request(method!, url!, method === 'GET' ? undefined : {});
          expect([400, 404], `${method} ${url}: ${JSON.stringify(res.body)}`).toContain(res.status);
          expect(res.body.status, `${method} ${url}`).toBe('error');
          expect(res.body.data, `${method} ${url}`).toBeUndefined();
          if (res.status === 400)
            expect(res.body.message, `${method} ${url}`).toMatch(
              /must be a record’s id: a whole number from 1, in digits only/,
            );
        }
      }
      await server.ctx.jobs.idle();
      expect(await counts()).toEqual(before);
      expect(await txRow()).toEqual(row);
      expect((await alice.get(`/api/tax/broker_forms/${form}/lines`)).status).toBe(200);
    });

    it('a body or form field spelled so is refused naming it', async () => {
      const typed = await alice.post('/api/tax/broker_forms/typed', {
        account_id: `0x${account.toString(16)}`,
        year: 2025,
        lines: [{ ...TYPED_LINE, asset: 'ADA' }],
      });
      expect([typed.status, typed.body.field]).toEqual([400, 'account_id']);
      const upload = await alice.upload(
        '/api/tax/broker_forms',
        { name: 'f.csv', content: 'x' },
        { account_id: `${account}.0`, year: '2025' },
      );
      expect(upload.status).toBe(400);
      expect(upload.body.message).toMatch(/^account_id: must be a record’s id/);
      const list = await alice.post('/api/traces/list_transactions_new', { id: `${tx}e0` });
      expect([list.status, list.body.field]).toEqual([400, 'id']);
      expect((await counts()).forms).toBe(1);
    });

    it('the id itself, and the same URL with its digits percent-encoded, still reach the record', async () => {
      for (const id of [String(form), encoded(form)]) {
        const res = await alice.get(`/api/tax/broker_forms/${id}/lines`);
        expect([res.status, res.body.data?.form.id], id).toEqual([200, form]);
      }
      for (const id of [String(account), encoded(account)]) {
        expect((await alice.get(`/api/imports/v2/import_histories/${id}/exchange_sources`)).status, id).toBe(
          200,
        );
        expect((await alice.get(`/api/transaction/download_users_transactions/${id}`)).status, id).toBe(200);
        expect((await alice.post(`/api/users/crypto_assets?account=${id}`, {})).status, id).toBe(200);
      }
      expect((await alice.get(`/api/imports/v1/import_files/${file}/errors`)).status).toBe(200);
      expect((await alice.get(`/api/transaction/drill?id=${tx}`)).status).toBe(200);
      const list = await alice.post('/api/traces/list_transactions_new', { id: String(tx) });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect((await alice.post('/api/traces/list_transactions_new', { id: tx })).status).toBe(200);
      const marked = await alice.post(`/api/traces/update_transaction_type/${tx}/airdrop`);
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      const removed = await alice.request('DELETE', `/api/tax/broker_forms/${form}`);
      expect(removed.status).toBe(200);
      expect((await counts()).forms).toBe(0);
    });
  });
}
