import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPUB } from './support/bitcoin-wallet.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issue 35.8: connected sources offline (every source's address a closed port). The account
 * says why it failed, in the job's words; connecting the same key, address or xpub again finds
 * the same account; a resync that fails says so on the account.
 */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const KEY = 'read-only-kraken-key';
const SECRET = Buffer.from('kraken-secret-for-the-replay-server!').toString('base64');
const ETH = '0x7a3b9c1d2e4f5a6b7c8d9e0f1a2b3c4d5e6fc0de';

interface Row {
  id: number;
  import_status: string;
  failure_reason: string | null;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: connected sources that cannot be reached`, () => {
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;

    beforeAll(async () => {
      const url = `http://127.0.0.1:${await closedPort()}`;
      server = await startTestServer(dialect, {
        KRAKEN_BASE_URL: url,
        ETHERSCAN_API_KEY: 'explorer-key',
        ETHERSCAN_BASE_URL: `${url}/v2/api`,
        ESPLORA_BASE_URL: url,
      });
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      for (const [client, email] of [
        [alice, 'alice@example.com'],
        [bob, 'bob@example.com'],
      ] as const)
        expect((await client.post('/api/auth/sign_up', { email, password: 'correct horse 9' })).status).toBe(
          200,
        );
    });
    afterAll(() => server.dispose());

    const accounts = async (client: TestClient): Promise<Row[]> =>
      (await client.get('/api/imports/v1/import_histories?all=true')).body.data;

    const sources: Array<[string, string, Record<string, unknown>]> = [
      ['Kraken key', '/api/imports/v1/api_imports', { exchange: 'kraken', api_key: KEY, secret: SECRET }],
      ['Ethereum address', '/api/blockchain_query', { coin: 'eth', address: ETH }],
      ['xpub', '/api/blockchain_query', { coin: 'btc', xpub: true, xpub_key: ZPUB }],
    ];

    for (const [what, path, body] of sources) {
      it(`${what}: the failed account says why; connecting it again is the same account; a failed resync says so`, async () => {
        const first = await alice.post(path, body);
        expect(first.status).toBe(200);
        const id = first.body.data.import_history_id as number;
        await server.ctx.jobs.idle();
        const job = await server.ctx.jobsRepo.find(first.body.data.job_id);
        expect(job?.status).toBe('failed');
        const failed = (await accounts(alice)).find((r) => r.id === id);
        expect(failed?.import_status).toBe('failed');
        // The same text the job recorded (the admin Jobs tab's), on the account.
        expect(failed?.failure_reason).toBe(job?.error);
        expect(failed?.failure_reason).toMatch(/\w+/);

        const before = (await accounts(alice)).length;
        const again = await alice.post(path, body);
        expect(again.status).toBe(200);
        expect(again.body.data.import_history_id).toBe(id);
        expect(again.body.message).toMatch(/already/);
        await server.ctx.jobs.idle();
        expect((await accounts(alice)).length).toBe(before);

        // Retry (resync) of the same account: it fails again and the account says so.
        const resync = await alice.post('/api/imports/v2/actions/resync_account', { import_history_id: id });
        expect(resync.status).toBe(200);
        await server.ctx.jobs.idle();
        expect((await server.ctx.jobsRepo.find(resync.body.data.job_id))?.status).toBe('failed');
        const after = (await accounts(alice)).find((r) => r.id === id);
        expect(after).toMatchObject({ import_status: 'failed', failure_reason: job?.error });

        // Another user connecting the same source gets an account of their own; nothing of Alice's shows.
        const bobs = await bob.post(path, body);
        expect(bobs.body.data.import_history_id).not.toBe(id);
        await server.ctx.jobs.idle();
        const bobsRows = await accounts(bob);
        expect(bobsRows.map((r) => r.id)).toContain(bobs.body.data.import_history_id);
        expect(bobsRows.map((r) => r.id)).not.toContain(id);
        expect(bobsRows.find((r) => r.id === bobs.body.data.import_history_id)?.failure_reason).toMatch(
          /\w+/,
        );
        // Bob retrying Alice's account finds nothing, said once ('Account not found', not '… not found not found').
        const foreign = await bob.post('/api/imports/v2/actions/resync_account', { import_history_id: id });
        expect(foreign.status).toBe(404);
        expect(foreign.body.message).toBe('Account not found');
      });
    }

    it('a succeeded import after a failure clears the reason (no stale failure on the account)', async () => {
      const res = await alice.post('/api/blockchain_query', { coin: 'eth', address: ETH });
      const id = res.body.data.import_history_id as number;
      await server.ctx.jobs.idle();
      await server.ctx.db.kysely
        .updateTable('jobs')
        .set({ status: 'succeeded', error: null })
        .where('id', '=', res.body.data.job_id)
        .execute();
      await server.ctx.db.kysely
        .updateTable('import_histories')
        .set({ import_status: 'complete' })
        .where('id', '=', id)
        .execute();
      expect((await accounts(alice)).find((r) => r.id === id)?.failure_reason).toBeNull();
    });
  });
}
