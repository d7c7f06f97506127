import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../src/db/migrations/000051_broker_form_sale_fingerprints.ts';
import { aliceWithCoinbase } from './support/coinbase-account.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/1099-da/${name}`, import.meta.url), 'utf8');

/*
 * Issue 31: a form stored before the fingerprint identified its sales (it had every box as the
 * layout wrote it) gets the new fingerprint from its stored lines (migration 000051), so the same
 * form again — in another layout too — still adds nothing. A user who already has the same form
 * twice keeps both as they were (the unique fingerprint allows one).
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: forms stored before get the sale fingerprint`, () => {
    let server: TestServer;
    let alice: TestClient;
    let account = 0;
    const upload = (name: string) =>
      alice.upload(
        '/api/tax/broker_forms',
        { name, content: fixture(name) },
        { account_id: String(account), year: '2025' },
      );
    const fingerprintOf = async (id: number) =>
      (
        await server.ctx.db.kysely
          .selectFrom('broker_forms')
          .select('fingerprint')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).fingerprint;
    const setFingerprint = (id: number, fingerprint: string) =>
      server.ctx.db.kysely.updateTable('broker_forms').set({ fingerprint }).where('id', '=', id).execute();

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      account = await aliceWithCoinbase(server, alice);
    });
    afterAll(() => server.dispose());

    it('an old fingerprint is replaced, and the same form in another layout adds nothing', async () => {
      const first = await upload('irs-boxes.csv');
      expect(first.body.data.created).toBe(true);
      const id = first.body.data.form.id as number;
      const current = await fingerprintOf(id);
      await setFingerprint(id, 'legacy-every-box');
      await up(server.ctx.db.kysely);
      expect(await fingerprintOf(id)).toBe(current);
      const again = await upload('taxbit-form-data.csv');
      expect(again.body.data.created).toBe(false);
      expect(again.body.data.form.id).toBe(id);
    });

    it('the same form stored twice before: both stay, the migration does not fail', async () => {
      const forms = (await alice.get('/api/tax/broker_forms?year=2025')).body.data.forms as Array<{
        id: number;
      }>;
      const [only] = forms;
      await setFingerprint(only!.id, 'legacy-every-box');
      const second = await upload('fdx-digital-asset.csv');
      expect(second.body.data.created).toBe(true);
      await up(server.ctx.db.kysely);
      expect(await fingerprintOf(only!.id)).toBe('legacy-every-box');
      expect((await alice.get('/api/tax/broker_forms?year=2025')).body.data.forms).toHaveLength(2);
    });
  });
}
