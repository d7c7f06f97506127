import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliceWithCoinbase } from './support/coinbase-account.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/1099-da/${name}`, import.meta.url), 'utf8');

/*
 * Issue 31: the fixtures irs-boxes.csv, taxbit-form-data.csv and fdx-digital-asset.csv are the
 * same paper form (the same three lines) in three layouts. They differ in boxes that do not
 * identify a sale (1a holds "BTC" or a DTIF code, box 2 blank or "false", box 4 "$0.00" or "0",
 * "30,000.00" or "30000.00"), so the second and third upload add nothing.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: the same Form 1099-DA in another layout is already imported`, () => {
    let server: TestServer;
    let alice: TestClient;
    let account = 0;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      account = await aliceWithCoinbase(server, alice);
    });
    afterAll(() => server.dispose());

    it('IRS boxes, then TaxBit, then FDX: one form of three lines, box 4 counted once', async () => {
      const upload = (name: string) =>
        alice.upload(
          '/api/tax/broker_forms',
          { name, content: fixture(name) },
          { account_id: String(account), year: '2025' },
        );
      const first = await upload('irs-boxes.csv');
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data.created).toBe(true);
      for (const name of ['taxbit-form-data.csv', 'fdx-digital-asset.csv']) {
        const again = await upload(name);
        expect(again.status, JSON.stringify(again.body)).toBe(200);
        expect(again.body.data.created, name).toBe(false);
        expect(again.body.data.form.id).toBe(first.body.data.form.id);
        expect(again.body.message).toContain('already imported; nothing was added');
      }
      const year = await alice.get('/api/tax/broker_forms?year=2025');
      expect(year.body.data.forms).toHaveLength(1);
      expect(year.body.data.federal_tax_withheld).toBe('24.00');
      const lines = await server.ctx.db.kysely
        .selectFrom('broker_form_lines')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(lines.n)).toBe(3);
    });

    it('a form with another sale is not the same form', async () => {
      const other = fixture('irs-boxes.csv').replace('$6400.50', '$6400.51');
      const r = await alice.upload(
        '/api/tax/broker_forms',
        { name: 'other.csv', content: other },
        { account_id: String(account), year: '2025' },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.created).toBe(true);
    });
  });
}
