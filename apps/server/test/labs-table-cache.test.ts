import { LABS_PRICE_FILE } from '@lotwise/test-replay/labs-market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/** Issue 35.11: Labs reuses the table's figures, but never past a change of the prices. */
for (const dialect of DIALECTS) {
  describe(`${dialect}: Labs table figures reused only while the prices are unchanged`, () => {
    let server: TestServer;
    let alice: TestClient;
    let userId: number;

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
    });
    afterAll(() => server.dispose());

    const btc = async () =>
      (
        (await alice.get('/api/labs/discover')).body.items as Array<{ symbol: string; price: string | null }>
      ).find((i) => i.symbol === 'BTC')?.price ?? null;

    it('a shared file, a replaced price and the user’s own price each show on the next view', async () => {
      expect(await btc()).toBeNull();
      await server.ctx.prices.loadFile(Buffer.from(LABS_PRICE_FILE), 'market.csv', { userId: null });
      expect(await btc()).toBe('52000');
      expect(await btc()).toBe('52000');
      // The same day replaced by another shared file.
      await server.ctx.prices.loadFile(
        Buffer.from('date,asset,price,currency\n2024-03-31,BTC,53000,USD'),
        'fix.csv',
        { userId: null },
      );
      expect(await btc()).toBe('53000');
      // The user's own price wins for them.
      await server.ctx.prices.loadFile(
        Buffer.from('date,asset,price,currency\n2024-03-31,BTC,51000,USD'),
        'mine.csv',
        { userId },
      );
      expect(await btc()).toBe('51000');
    });
  });
}
