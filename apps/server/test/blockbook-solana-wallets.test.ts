import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { blockbook, LTC_OUTSIDE, LTC_OWN, LTUB, ltcWallet } from '@lotwise/test-replay/blockbook-replay';
import { SOL_OWN, signatureOf, solanaRpc, solanaWallet, USDC_MINT } from '@lotwise/test-replay/solana-replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchBlockbookHistory } from '../src/modules/wallets/sources/blockbook-api.ts';
import { fetchSolanaHistory } from '../src/modules/wallets/sources/solana-rpc.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/** Litecoin/Dogecoin/Bitcoin Cash/Dash through Blockbook and Solana through JSON-RPC (issue 18). */
const listen = async (server: Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: Server) => new Promise<void>((r) => server.close(() => r()));

describe('Blockbook adapter', () => {
  const replay = blockbook(ltcWallet(), LTUB);
  let baseURL = '';
  beforeAll(async () => {
    baseURL = await listen(replay.server);
  });
  afterAll(() => close(replay.server));

  it('renders an extended key’s history as Trezor Suite’s export, netted per transaction', async () => {
    expect(LTUB.startsWith('Ltub')).toBe(true);
    const got = await fetchBlockbookHistory({ coin: 'ltc', key: LTUB, baseURL });
    expect(got.latestBlock).toBe(2_700_200);
    expect(got.csv.trim().split('\n')).toEqual([
      'Timestamp;Date;Time;Type;Transaction ID;Fee;Fee unit;Address;Label;Amount;Amount unit;Other',
      `1714521600;01.05.2024;00:00:00 GMT+0;RECV;${'1'.repeat(64)};;LTC;${LTC_OWN[0]};;2;LTC;`,
      `1715385600;11.05.2024;00:00:00 GMT+0;SELF;${'2'.repeat(64)};0.0002;LTC;${LTC_OWN[1]};;0;LTC;`,
      `1716249600;21.05.2024;00:00:00 GMT+0;SENT;${'3'.repeat(64)};0.0003;LTC;${LTC_OUTSIDE};;0.5;LTC;`,
    ]);
    expect(replay.requests[0]).toMatch(
      /^\/api\/v2\/xpub\/Ltub\w+\?details=txs&page=1&pageSize=1000&tokens=used$/,
    );
  });

  it('reads one address by comparing addresses (no isOwn), pages, and waits out a 429', async () => {
    replay.requests.length = 0;
    replay.faults.push({ status: 429, body: 'Too many requests' });
    const got = await fetchBlockbookHistory({
      coin: 'ltc',
      key: LTC_OWN[0],
      baseURL,
      pageSize: 1,
      backoffMs: 5,
    });
    // The address received 2 LTC, then moved them all to another address: a withdrawal of
    // 1.9998 LTC plus the fee (to this address alone, the other one is somebody else's).
    expect(
      got.csv
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(';').slice(3, 11).join(' ')),
    ).toEqual([
      `RECV ${'1'.repeat(64)}  LTC ${LTC_OWN[0]}  2 LTC`,
      `SENT ${'2'.repeat(64)} 0.0002 LTC ${LTC_OWN[1]}  1.9998 LTC`,
    ]);
    // 429, then pages 1–3 of one (the unconfirmed receive is one of them and is left out).
    expect(replay.requests).toHaveLength(4);
  });

  it('says the service is down, or that the reply was unreadable, in the coin’s name', async () => {
    replay.faults.push({ status: 503, body: 'down' });
    await expect(fetchBlockbookHistory({ coin: 'doge', key: LTUB, baseURL })).rejects.toThrow(
      'Dogecoin service is not currently responding, please try importing again in a bit.',
    );
    replay.faults.push({ status: 200, body: '<html>' });
    await expect(fetchBlockbookHistory({ coin: 'ltc', key: LTUB, baseURL })).rejects.toThrow(
      'Litecoin import failed',
    );
  });
});

describe('Solana JSON-RPC adapter', () => {
  const replay = solanaRpc(solanaWallet());
  let rpcURL = '';
  beforeAll(async () => {
    rpcURL = await listen(replay.server);
  });
  afterAll(() => close(replay.server));

  it('finds the wallet’s and its token accounts’ transactions and renders Solscan’s transfers', async () => {
    const got = await fetchSolanaHistory({ address: SOL_OWN, rpcURL });
    expect(got.transactions).toBe(4);
    expect(got.latestSlot).toBe(270_000_004);
    const lines = got.csv.trim().split('\n');
    expect(lines[0]).toBe('Signature,Block Time,Action,From,To,Amount,Decimals,Token Address,Flow,Value');
    expect(lines.slice(1).map((l) => l.split(',').slice(2).join(' '))).toEqual([
      `TRANSFER  ${SOL_OWN} 2000000000 9 So11111111111111111111111111111111111111111 in `,
      `FEE ${SOL_OWN}  5000 9 So11111111111111111111111111111111111111111 out `,
      `TRANSFER ${SOL_OWN}  500000000 9 So11111111111111111111111111111111111111111 out `,
      `TRANSFER  ${SOL_OWN} 100000000 6 ${USDC_MINT} in `,
      `FEE ${SOL_OWN}  5000 9 So11111111111111111111111111111111111111111 out `,
    ]);
  });

  it('pages signatures 1,000 at a time and a resync asks only for what is newer', async () => {
    const many = Array.from({ length: 1_005 }, (_, i) => ({
      ...solanaWallet()[0]!,
      signature: signatureOf(100 + i),
      slot: 280_000_000 + i,
      blockTime: Date.UTC(2025, 0, 1) / 1000 + i * 60,
    }));
    const big = solanaRpc(many);
    const url = await listen(big.server);
    try {
      big.faults.push({ status: 429, body: 'rate limited' });
      const got = await fetchSolanaHistory({ address: SOL_OWN, rpcURL: url, backoffMs: 5 });
      expect(got.transactions).toBe(1_005);
      // Two pages for the wallet (1,000 + 5), one for its USDC token account.
      expect(big.calls.filter((c) => c.method === 'getSignaturesForAddress')).toHaveLength(3);
      big.calls.length = 0;
      const again = await fetchSolanaHistory({
        address: SOL_OWN,
        rpcURL: url,
        afterSlot: got.latestSlot ?? 0,
      });
      expect(again.transactions).toBe(0);
      expect(big.calls.map((c) => c.method)).toEqual([
        'getTokenAccountsByOwner',
        'getTokenAccountsByOwner',
        'getSignaturesForAddress',
        'getSignaturesForAddress',
      ]);
    } finally {
      await close(big.server);
    }
  });

  it('says the service is down, or that the reply was unreadable', async () => {
    replay.faults.push({ status: 503, body: 'down' });
    await expect(fetchSolanaHistory({ address: SOL_OWN, rpcURL })).rejects.toThrow(
      'Solana service is not currently responding, please try importing again in a bit.',
    );
    replay.faults.push({ status: 200, body: 'not json' });
    await expect(fetchSolanaHistory({ address: SOL_OWN, rpcURL })).rejects.toThrow('Solana import failed');
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: Litecoin and Solana wallets added by key and address`, () => {
    const ltc = blockbook(ltcWallet(), LTUB);
    const sol = solanaRpc(solanaWallet());
    let server: TestServer;
    let alice: TestClient;
    beforeAll(async () => {
      const ltcURL = await listen(ltc.server);
      server = await startTestServer(dialect, {
        BLOCKBOOK_LTC_URL: ltcURL,
        BLOCKBOOK_DOGE_URL: ltcURL,
        SOLANA_RPC_URL: await listen(sol.server),
      });
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
    });
    afterAll(async () => {
      await server.dispose();
      await close(ltc.server);
      await close(sol.server);
    });

    const rows = (asset: string) =>
      server.ctx.db.kysely
        .selectFrom('transactions')
        .select(['kind', 'subtype', 'sent_amount', 'received_amount', 'fee_amount'])
        .where((eb) =>
          eb.or([
            eb('sent_asset', '=', asset),
            eb('received_asset', '=', asset),
            eb('fee_asset', '=', asset),
          ]),
        )
        .orderBy('timestamp')
        .execute()
        .then((list) =>
          list.map((r) => [
            r.kind,
            r.subtype,
            r.sent_amount && Number(r.sent_amount),
            r.received_amount && Number(r.received_amount),
            r.fee_amount && Number(r.fee_amount),
          ]),
        );

    it('checks the address for its chain and names the field', async () => {
      const bad = await alice.post('/api/blockchain_query', { coin: 'doge', address: 'bc1qnotdoge' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('address: not a Dogecoin address');
      const badSol = await alice.post('/api/blockchain_query', { coin: 'sol', address: '0xabc' });
      expect(badSol.body.message).toBe('address: not a Solana address (base58, 32 bytes)');
      const notYet = await alice.post('/api/blockchain_query', { coin: 'xrp', address: 'rXYZ' });
      expect(notYet.body.message).toContain('XRP addresses are not supported yet');
    });

    it('imports a Litecoin Ltub: the move between its own addresses is only a fee; a resync adds nothing', async () => {
      const res = await alice.post('/api/blockchain_query', { coin: 'ltc', xpub: true, xpub_key: LTUB });
      expect(res.status).toBe(200);
      expect(res.body.message).toContain('Litecoin');
      await server.ctx.jobs.idle();
      expect((await server.ctx.jobsRepo.find(res.body.data.job_id))?.status).toBe('succeeded');
      expect(await rows('LTC')).toEqual([
        ['deposit', null, null, 2, null],
        ['fee', 'self transfer', null, null, 0.0002],
        ['withdrawal', null, 0.5, null, 0.0003],
      ]);
      ltc.requests.length = 0;
      const resync = await alice.post('/api/imports/v2/actions/resync_account', {
        import_history_id: res.body.data.import_history_id,
      });
      expect(resync.status).toBe(200);
      await server.ctx.jobs.idle();
      expect(ltc.requests).toHaveLength(1);
      expect(ltc.requests[0]).toContain('from=2700201');
      expect(await rows('LTC')).toHaveLength(3);
    });

    it("tells the wallet app's prompt which accounts are imported, for this user only", async () => {
      const accounts = [
        { id: 'a1', currency: 'Litecoin', currencyCode: 'LTC', address: '', xPubKey: LTUB },
        {
          id: 'a2',
          currency: 'Dogecoin',
          currencyCode: 'DOGE',
          address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
        },
      ];
      const mine = await alice.post('/api/wallets/v1/hardware_wallets/status', { accounts });
      expect(mine.status).toBe(200);
      expect(mine.body.data.map((a: { id: string; state: string }) => [a.id, a.state])).toEqual([
        ['a1', 'imported'],
        ['a2', 'new'],
      ]);
      const bob = new TestClient(server.app);
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
      const theirs = await bob.post('/api/wallets/v1/hardware_wallets/status', { accounts });
      expect(theirs.body.data.map((a: { state: string }) => a.state)).toEqual(['new', 'new']);
      const anonymous = await new TestClient(server.app).post('/api/wallets/v1/hardware_wallets/status', {
        accounts,
      });
      expect(anonymous.status).toBe(401);
    });

    it('imports a Solana address: SOL, its USDC and the fees it paid', async () => {
      const res = await alice.post('/api/blockchain_query', {
        coin: 'sol',
        address: SOL_OWN,
        custom_wallet_name: 'Phantom',
      });
      expect(res.status).toBe(200);
      await server.ctx.jobs.idle();
      expect((await server.ctx.jobsRepo.find(res.body.data.job_id))?.status).toBe('succeeded');
      expect(await rows('SOL')).toEqual([
        ['deposit', null, null, 2, null],
        ['fee', 'network fee', null, null, 0.000005],
        ['withdrawal', null, 0.5, null, null],
        ['fee', 'network fee', null, null, 0.000005],
      ]);
      expect(await rows('USDC')).toEqual([['deposit', null, null, 100, null]]);
      const accounts = (await alice.get('/api/imports/v1/import_histories')).body;
      expect(JSON.stringify(accounts)).toContain('Phantom');
    });
  });
}
