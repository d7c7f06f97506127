import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveAddresses, fetchBtcHistory } from '../src/modules/wallets/sources/esplora-api.ts';
import { DIALECTS } from '../src/test-support/dialects.ts';
import { TestClient } from '../src/test-support/http-client.ts';
import { startTestServer, type TestServer } from '../src/test-support/test-server.ts';

/**
 * Bitcoin wallets by zpub (issue 18) against a local server answering Esplora's API in its
 * documented shapes. The key is BIP84's test vector ("abandon … about"), whose first receive
 * address the BIP publishes. The wallet: 1 BTC arrives, moves to another of its own addresses
 * (only the fee leaves), then 0.5 BTC is sent away with change.
 */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const OUTSIDE = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

function wallet() {
  const [r0, r1] = deriveAddresses(ZPUB, 0, 0, 2) as [string, string];
  const [c0] = deriveAddresses(ZPUB, 1, 0, 1) as [string];
  const t0 = Date.UTC(2024, 2, 1) / 1000;
  const tx = (
    txid: string,
    time: number,
    fee: number,
    vin: [string, number][],
    vout: [string, number][],
  ) => ({
    txid,
    fee,
    vin: vin.map(([a, v]) => ({ prevout: { scriptpubkey_address: a, value: v } })),
    vout: vout.map(([a, v]) => ({ scriptpubkey_address: a, value: v })),
    status: { confirmed: true, block_height: 830_000 + time, block_time: t0 + time * 86_400 },
  });
  const txs = [
    tx('a'.repeat(64), 0, 500, [[OUTSIDE, 100_000_500]], [[r0, 100_000_000]]),
    tx('b'.repeat(64), 10, 1_000, [[r0, 100_000_000]], [[r1, 99_999_000]]),
    tx(
      'c'.repeat(64),
      20,
      1_000,
      [[r1, 99_999_000]],
      [
        [OUTSIDE, 50_000_000],
        [c0, 49_998_000],
      ],
    ),
  ];
  return { r0, r1, c0, txs };
}

function esplora(data: ReturnType<typeof wallet>, requests: string[]): Server {
  return createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    res.setHeader('content-type', 'application/json');
    const m = url.match(/^\/address\/([^/]+)(\/txs(\/chain\/[0-9a-f]+)?)?$/);
    if (!m) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    const address = m[1];
    const mine = data.txs.filter(
      (t) =>
        t.vin.some((i) => i.prevout.scriptpubkey_address === address) ||
        t.vout.some((o) => o.scriptpubkey_address === address),
    );
    if (!m[2]) {
      res.end(
        JSON.stringify({ address, chain_stats: { tx_count: mine.length }, mempool_stats: { tx_count: 0 } }),
      );
      return;
    }
    res.end(JSON.stringify(m[3] ? [] : [...mine].reverse()));
  });
}

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
