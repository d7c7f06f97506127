import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveAddresses, fetchBtcHistory } from '../src/modules/wallets/sources/esplora-api.ts';
import { esplora, OUTSIDE, wallet, ZPUB } from './support/bitcoin-wallet.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/** Bitcoin wallets by zpub (issue 18) against a replay of Esplora (test/support/bitcoin-wallet.ts). */
describe('Bitcoin by zpub (Esplora)', () => {
  it("derives BIP84's published first receive address", () => {
    expect(deriveAddresses(ZPUB, 0, 0, 1)).toEqual(['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu']);
  });

  it('walks receive and change chains to the gap limit and nets each transaction for the wallet', async () => {
    const data = wallet();
    const requests: string[] = [];
    const server = esplora(data, requests);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const got = await fetchBtcHistory({
        key: ZPUB,
        baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      });
      expect(new Set(got.addresses)).toEqual(new Set([data.r0, data.r1, data.c0]));
      // 2 used + 20 unused receive addresses, 1 used + 20 unused change addresses.
      expect(requests.filter((u) => /^\/address\/[^/]+$/.test(u))).toHaveLength(43);
      expect(got.csv.trim().split('\n')).toEqual([
        'transaction_hash,label,confirmations,value,fiat_value,fee,fiat_fee,timestamp',
        `${'a'.repeat(64)},,,1,,0,,2024-03-01 00:00:00`,
        `${'b'.repeat(64)},,,-0.00001,,0.00001,,2024-03-11 00:00:00`,
        `${'c'.repeat(64)},,,-0.50001,,0.00001,,2024-03-21 00:00:00`,
      ]);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('Esplora adapter: paging and failures', () => {
  const address = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
  // 60 confirmed receives: three pages of 25, 25 and 10, newest first as Esplora sends them.
  const txs = Array.from({ length: 60 }, (_, i) => ({
    txid: i.toString(16).padStart(64, '0'),
    fee: 100,
    vin: [{ prevout: { scriptpubkey_address: OUTSIDE, value: 1_100 } }],
    vout: [{ scriptpubkey_address: address, value: 1_000 }],
    status: {
      confirmed: true,
      block_height: 800_000 + i,
      block_time: Date.UTC(2024, 0, 1) / 1000 + i * 3600,
    },
  })).reverse();
  const faults: { status: number; body: string }[] = [];
  const requests: string[] = [];
  let server: Server;
  let baseURL = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = req.url ?? '';
      requests.push(url);
      const fault = faults.shift();
      if (fault) {
        res.statusCode = fault.status;
        res.end(fault.body);
        return;
      }
      res.setHeader('content-type', 'application/json');
      const after = url.match(/\/txs\/chain\/([0-9a-f]+)$/)?.[1];
      const from = after ? txs.findIndex((t) => t.txid === after) + 1 : 0;
      res.end(JSON.stringify(txs.slice(from, from + 25)));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('pages through an address with more than 25 transactions, after a 429', async () => {
    requests.length = 0;
    faults.push({ status: 429, body: 'slow down' });
    const got = await fetchBtcHistory({ key: address, baseURL, backoffMs: 5 });
    expect(got.transactions).toBe(60);
    expect(requests.filter((u) => u.includes('/txs'))).toHaveLength(4);
    expect(got.csv.trim().split('\n')).toHaveLength(61);
  });

  it('says the service is down, or that the reply was unreadable', async () => {
    faults.push({ status: 503, body: 'down' });
    await expect(fetchBtcHistory({ key: address, baseURL })).rejects.toThrow(
      'Bitcoin service is not currently responding, please try importing again in a bit.',
    );
    faults.push({ status: 200, body: '<html>' });
    await expect(fetchBtcHistory({ key: address, baseURL })).rejects.toThrow('Bitcoin import failed');
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: a Bitcoin wallet added by zpub`, () => {
    const data = wallet();
    const requests: string[] = [];
    let explorer: Server;
    let server: TestServer;
    let alice: TestClient;
    beforeAll(async () => {
      explorer = esplora(data, requests);
      await new Promise<void>((r) => explorer.listen(0, '127.0.0.1', r));
      server = await startTestServer(dialect, {
        ESPLORA_BASE_URL: `http://127.0.0.1:${(explorer.address() as AddressInfo).port}`,
      });
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
    });
    afterAll(async () => {
      await server.dispose();
      await new Promise<void>((r) => explorer.close(() => r()));
    });

    it('imports it; the move between its own addresses is neither income nor a disposal', async () => {
      const bad = await alice.post('/api/blockchain_query', { coin: 'btc', xpub: true, xpub_key: 'zpub123' });
      expect(bad.body.message).toBe('xpub_key: not an extended public key (xpub, ypub or zpub)');
      const res = await alice.post('/api/blockchain_query', {
        coin: 'btc',
        xpub: true,
        xpub_key: ZPUB,
        custom_wallet_name: 'Savings',
      });
      expect(res.status).toBe(200);
      await server.ctx.jobs.idle();
      expect((await server.ctx.jobsRepo.find(res.body.data.job_id))?.status).toBe('succeeded');
      const rows = await server.ctx.db.kysely
        .selectFrom('transactions')
        .select(['kind', 'subtype', 'sent_amount', 'received_amount', 'fee_amount'])
        .orderBy('timestamp')
        .execute();
      expect(
        rows.map((r) => [
          r.kind,
          r.subtype,
          r.sent_amount && Number(r.sent_amount),
          r.received_amount && Number(r.received_amount),
          r.fee_amount && Number(r.fee_amount),
        ]),
      ).toEqual([
        ['deposit', null, null, 1, null],
        ['fee', 'self transfer', null, null, 0.00001],
        ['withdrawal', null, 0.5, null, 0.00001],
      ]);
      await alice.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
      await server.ctx.jobs.idle();
      const year = (await alice.get('/api/tax/years/2024')).body.data;
      expect(Number(year.income_total)).toBe(0);
      const disposals = (await alice.get('/api/tax/years/2024/disposals?page=1&per_page=50')).body.data as {
        amount: string;
      }[];
      const amounts = disposals.map((d) => Number(d.amount));
      // Only the two network fees are disposed of; the 0.99999 BTC moved between its own
      // addresses is not (nor the 0.5 BTC sent away: an outgoing transfer, not a sale).
      expect(amounts).toEqual([0.00001, 0.00001]);
    });
  });
}
