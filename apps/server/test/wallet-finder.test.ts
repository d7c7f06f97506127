import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * The wallet finder and bulk import (issue 18): an Ethereum wallet read through a replay of
 * Etherscan's API received from A, sent twice to B and once to the user's own second wallet C;
 * the finder offers A and B (not C, not the wallet itself), dismissing A hides it, importing B
 * queues it, and a bulk list is checked whole before anything is queued.
 */
const ME = '0x1111111111111111111111111111111111111111';
const A = '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const B = '0xBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBbBb';
const C = '0xcccccccccccccccccccccccccccccccccccccccc';

/** Etherscan's txlist rows (its documented fields) for an address. */
function txlist(address: string) {
  if (address.toLowerCase() !== ME) return [];
  const tx = (n: number, from: string, to: string, eth: string) => ({
    hash: `0x${n.toString(16).padStart(64, '0')}`,
    blockNumber: String(100 + n),
    timeStamp: String(1_717_200_000 + n * 86_400),
    from,
    to,
    contractAddress: '',
    value: `${eth}000000000000000000`,
    gasUsed: '21000',
    gasPrice: '1000000000',
    isError: '0',
    functionName: '',
  });
  return [tx(1, A, ME, '5'), tx(2, ME, B, '1'), tx(3, ME, B, '1'), tx(4, ME, C, '1')];
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: wallet finder and bulk import`, () => {
    let etherscan: Server;
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;

    beforeAll(async () => {
      etherscan = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://replay');
        const rows =
          url.searchParams.get('action') === 'txlist' ? txlist(url.searchParams.get('address') ?? '') : [];
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify(
            rows.length > 0
              ? { status: '1', message: 'OK', result: rows }
              : { status: '0', message: 'No transactions found', result: [] },
          ),
        );
      });
      await new Promise<void>((r) => etherscan.listen(0, '127.0.0.1', r));
      server = await startTestServer(dialect, {
        ETHERSCAN_BASE_URL: `http://127.0.0.1:${(etherscan.address() as AddressInfo).port}/v2/api`,
        ETHERSCAN_API_KEY: 'replay-key',
      });
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      for (const address of [ME, C]) {
        const res = await alice.post('/api/blockchain_query', { coin: 'eth', address });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      await server.ctx.jobs.idle();
    });
    afterAll(async () => {
      await server.dispose();
      await new Promise<void>((r) => etherscan.close(() => r()));
    });

    const found = async (client: TestClient) =>
      (await client.get('/api/wallets/v1/wallet_finders/address_list')).body.data as { address: string }[];

    it('offers the addresses the wallets dealt with, not the user’s own', async () => {
      expect(await found(alice)).toEqual([
        expect.objectContaining({
          coin: 'eth',
          chain: 'Ethereum',
          address: B.toLowerCase(),
          direction: 'sent',
          transactions: 2,
        }),
        expect.objectContaining({ coin: 'eth', address: A, direction: 'received', transactions: 1 }),
      ]);
      expect(await found(bob)).toEqual([]);
    });

    it('dismisses and imports found addresses, and refuses ones it did not offer', async () => {
      const dismissed = await alice.post('/api/wallets/v1/wallet_finders/dismiss_wallets', {
        wallets: [{ coin: 'eth', address: A }],
      });
      expect(dismissed.body).toEqual({ status: 'success', message: 'Wallets dismissed successfully.' });
      expect((await found(alice)).map((f) => f.address)).toEqual([B.toLowerCase()]);

      const other = await bob.post('/api/wallets/v1/wallet_finders/import_wallets', {
        wallets: [{ coin: 'eth', address: B }],
      });
      expect(other.status).toBe(404);

      const imported = await alice.post('/api/wallets/v1/wallet_finders/import_wallets', {
        wallets: [{ coin: 'eth', address: B }],
      });
      expect(imported.status).toBe(200);
      expect(imported.body.message).toBe('Ethereum Wallet Added to Import Queue. Please Wait.');
      expect(imported.body.data.queued).toBe(1);
      await server.ctx.jobs.idle();
      expect(await found(alice)).toEqual([]);
      const accounts = await server.ctx.db.kysely
        .selectFrom('wallet_connections')
        .select('address')
        .where('address', '=', B.toLowerCase())
        .execute();
      expect(accounts).toHaveLength(1);
    });

    it('bulk import checks every line first, naming the wrong ones, then queues them all', async () => {
      const before = await server.ctx.db.kysely.selectFrom('import_histories').select('id').execute();
      const bad = await bob.post('/api/wallets/v1/bulk_imports/import_wallets', {
        wallets: [
          { coin: 'eth', address: A },
          { coin: 'eth', address: '0x123' },
          { coin: 'xrp', address: 'rXRP' },
        ],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.messages).toEqual([
        'Line 2 (0x123): address: not a valid Ethereum address (0x and 40 hexadecimal characters)',
        "Line 3 (rXRP): coin: XRP addresses are not supported yet; download the wallet's CSV export and import the file",
      ]);
      expect(await server.ctx.db.kysely.selectFrom('import_histories').select('id').execute()).toHaveLength(
        before.length,
      );

      const good = await bob.post('/api/wallets/v1/bulk_imports/import_wallets', {
        wallets: [
          { coin: 'eth', address: A, name: 'Savings' },
          { coin: 'base', address: C },
        ],
      });
      expect(good.status).toBe(200);
      expect(good.body.message).toBe('Wallets added to import queue.');
      expect(good.body.data.queued).toBe(2);
      await server.ctx.jobs.idle();
      const named = await server.ctx.db.kysely
        .selectFrom('import_histories')
        .select(['custom_name', 'account_name'])
        .where('id', 'in', good.body.data.import_history_ids)
        .orderBy('id')
        .execute();
      expect(named).toEqual([
        { custom_name: 'Savings', account_name: 'Ethereum' },
        { custom_name: null, account_name: 'Base' },
      ]);
    });
  });
}
