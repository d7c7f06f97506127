import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issue 29.10: bad input gets a clear error naming its line and column (or field), never a
 * silent change. The upload path (line endings, UTF-16, signs, impossible numbers, offsets and
 * dates) and the edit dialog / manual entry (dates, currencies against the catalogue).
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
/** Three good rows; each upload uses another year so none is a duplicate of an earlier one. */
const good = (year: number) => [
  `${year}-01-13 14:25:00 UTC,1000,EUR,0.02391,BTC,2.50,EUR,1000,EUR,,Buy,`,
  `${year}-02-01 00:00:00 UTC,,,0.5,DOT,,,3.10,EUR,reward,Staking,`,
  `${year}-02-15 18:45:00 UTC,0.005,BTC,,,0.00001,BTC,,,,Send,`,
];
const HOSTILE = [
  '2024-03-01 10:00:00 UTC,-5,BTC,,,,,,,,Negative sent,',
  '2024-03-01 10:01:00 UTC,,,--1,BTC,,,,,,Two signs,',
  '2024-03-01 10:02:00 UTC,0.1,BTC,,,1e400,BTC,,,,Impossible fee,',
  '2024-03-01 10:03:00+25:00,0.1,BTC,,,,,,,,Offset,',
  '9999-03-01 10:04:00 UTC,0.1,BTC,,,,,,,,Year 9999,',
  '0001-03-01 10:05:00 UTC,0.1,BTC,,,,,,,,Year 0001,',
  '2024-03-01 10:06:00 UTC,0.1,BTC,,,,,,,,The good one,',
];

for (const dialect of DIALECTS) {
  describe(`${dialect}: hostile input is refused with its place, never silently changed (issue 29.10)`, () => {
    let server: TestServer;
    let alice: TestClient;

    const count = async (fileId: number) =>
      Number(
        (
          await server.ctx.db.kysely
            .selectFrom('transactions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('import_file_id', '=', fileId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    async function upload(name: string, content: Buffer) {
      const up = await alice.upload('/api/imports/v1/csv_imports', { name, content });
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      await server.ctx.jobs.idle();
      const fileId = Number(up.body.data.import_file_id);
      const errors = await alice.get(`/api/imports/v1/import_files/${fileId}/errors`);
      return { fileId, rows: await count(fileId), errors: errors.body.data };
    }

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
    });
    afterAll(() => server.dispose());

    it('reads a file with CR-only line endings (Excel for Mac) row by row', async () => {
      const { rows, errors } = await upload('mac.csv', Buffer.from([HEADER, ...good(2021)].join('\r')));
      expect(rows).toBe(3);
      expect(errors.source).toMatchObject({ added: 3, error_count: 0 });
    });

    it('decodes UTF-16 little endian with a BOM and big endian without one', async () => {
      const le = Buffer.from(`\ufeff${[HEADER, ...good(2022)].join('\r\n')}`, 'utf16le');
      const be = Buffer.from([HEADER, ...good(2023)].join('\n'), 'utf16le').swap16();
      expect((await upload('le.csv', le)).rows).toBe(3);
      expect((await upload('be.csv', be)).rows).toBe(3);
    });

    it('refuses signs, impossible numbers, offsets and dates with the line and column, keeping the good row', async () => {
      const { fileId, rows, errors } = await upload(
        'hostile.csv',
        Buffer.from([HEADER, ...HOSTILE].join('\n')),
      );
      expect(rows).toBe(1);
      expect(errors.source).toMatchObject({ added: 1, error_count: 6 });
      const found = errors.errors.map((e: { line: number; column: string | null; message: string }) => [
        e.line,
        e.column,
      ]);
      expect(found).toEqual([
        [2, 'Sent Amount'],
        [3, 'Received Amount'],
        [4, 'Fee Amount'],
        [5, 'Date'],
        [6, 'Date'],
        [7, 'Date'],
      ]);
      const messages = errors.errors.map((e: { message: string }) => e.message).join('\n');
      expect(messages).toMatch(/"-5" is negative/);
      expect(messages).toMatch(/"1e400" is out of range/);
      expect(messages).toMatch(/\+25:00/);
      const stored = await server.ctx.db.kysely
        .selectFrom('transactions')
        .select(['timestamp', 'sent_amount'])
        .where('import_file_id', '=', fileId)
        .executeTakeFirstOrThrow();
      expect(stored.timestamp).toBe('2024-03-01T10:06:00Z');
      expect(Number(stored.sent_amount)).toBe(0.1);
      // The year still calculates (no fee of 1e400 reached the engine).
      await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      await server.ctx.jobs.idle();
      const years = (await alice.get('/api/tax/years')).body.data;
      expect(years.stale).toBe(false);
    });

    it('refuses an asset code the calculation cannot use, naming the line, instead of importing a row every report leaves out', async () => {
      const { rows, errors } = await upload(
        'assets.csv',
        Buffer.from(
          [
            HEADER,
            '2020-02-01 00:00:00 UTC,,,0.5,@SUM,,,,,reward,Formula asset,',
            '2020-03-01 00:00:00 UTC,0.5,=1+1,100,USD,,,100,USD,,Formula asset sold,',
            '2020-04-01 00:00:00 UTC,,,2,DOT,,,,,reward,The good one,',
          ].join('\n'),
        ),
      );
      expect(rows).toBe(1);
      expect(errors.source).toMatchObject({ added: 1, error_count: 2 });
      expect(errors.errors.map((e: { line: number; message: string }) => [e.line, e.message])).toEqual([
        [2, expect.stringMatching(/received asset "@SUM" is not an asset code/)],
        [3, expect.stringMatching(/sent asset "=1\+1" is not an asset code/)],
      ]);
    });

    let editedId = 0;
    async function btcRow() {
      if (editedId === 0) {
        const first = await server.ctx.db.kysely
          .selectFrom('transactions')
          .select('id')
          .where('received_asset', '=', 'BTC')
          .where('sent_asset', '=', 'EUR')
          .orderBy('id')
          .executeTakeFirstOrThrow();
        editedId = Number(first.id);
      }
      return server.ctx.db.kysely
        .selectFrom('transactions')
        .selectAll()
        .where('id', '=', editedId)
        .executeTakeFirstOrThrow();
    }

    async function editBody(changes: Record<string, unknown>) {
      const r = await btcRow();
      return {
        id: Number(r.id),
        date: r.timestamp,
        from_currency: r.sent_asset,
        from_amount: String(r.sent_amount),
        to_currency: r.received_asset,
        to_amount: String(r.received_amount),
        fee: '0',
        fee_currency: null,
        comment: '',
        us_based: false,
        ...changes,
      };
    }

    it('the editor refuses year 0001 (once stored as 1901) and dates after tomorrow', async () => {
      const before = await btcRow();
      for (const date of ['01/02/0001 10:00', '01/02/9999 10:00', '01/02/2008 10:00']) {
        const res = await alice.post('/api/transaction/updatev5', await editBody({ date }));
        expect(res.status, date).toBe(400);
        expect(res.body.field).toBe('date');
        expect(res.body.messages).toContain(
          'Date must be between 2009-01-03 (the first Bitcoin block) and tomorrow',
        );
      }
      expect((await btcRow()).timestamp).toBe(before.timestamp);
      const ok = await alice.post('/api/transaction/updatev5', await editBody({ date: '01/02/2024 10:00' }));
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect((await btcRow()).timestamp).toBe('2024-01-02T10:00:00Z');
    });

    it('the editor refuses currencies that are not in the catalogue, naming the field', async () => {
      for (const [field, code] of [
        ['to_currency', 'NOT A CURRENCY <script>'],
        ['to_currency', '🚀🚀'],
        ['from_currency', 'ZZZNOTACOIN'],
      ] as const) {
        const res = await alice.post('/api/transaction/updatev5', await editBody({ [field]: code }));
        expect(res.status, code).toBe(400);
        expect(res.body.field).toBe(field);
        expect(res.body.message).toMatch(/is not a known currency/);
      }
      const row = await btcRow();
      expect([row.sent_asset, row.received_asset]).toEqual(['EUR', 'BTC']);
      // Catalogue coins, fiat codes and the user's own assets are fine.
      const eth = await alice.post('/api/transaction/updatev5', await editBody({ to_currency: 'eth' }));
      expect(eth.status, JSON.stringify(eth.body)).toBe(200);
      const dot = await alice.post('/api/transaction/updatev5', {
        ...(await editBody({})),
        id: Number(
          (
            await server.ctx.db.kysely
              .selectFrom('transactions')
              .select('id')
              .where('received_asset', '=', 'ETH')
              .executeTakeFirstOrThrow()
          ).id,
        ),
        to_currency: 'DOT',
        from_currency: 'USD',
      });
      expect(dot.status, JSON.stringify(dot.body)).toBe(200);
    });

    it('manual entry refuses dates out of range and unknown currencies', async () => {
      const base = {
        date: '2024-03-01T10:00:00Z',
        type: 'buy',
        from_currency: 'USD',
        from_amount: '1000',
        to_currency: 'BTC',
        to_amount: '0.02',
        fee_amount: '0',
      };
      const old = await alice.post('/api/manual_entry', { ...base, date: '0001-02-01T10:00:00Z' });
      expect(old.status).toBe(400);
      expect(old.body.messages.join()).toMatch(/date: must be between 2009-01-03/);
      const bad = await alice.post('/api/manual_entry', { ...base, to_currency: 'NOPECOIN99' });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('to_currency');
      const ok = await alice.post('/api/manual_entry', base);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    });
  });
}
