import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { parseFile } from '@lotwise/importers/parse';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKeys } from '../src/modules/imports/dedupe.ts';
import { fetchEvmHistory, unitsToDecimal } from '../src/modules/wallets/sources/etherscan-api.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Wallet addresses through Etherscan's API (issue 18) against a local server answering in its
 * documented shapes ({ status, message, result: [...] }), replaying the sample Etherscan
 * exports: the same rows and dedupe keys as the downloaded files, paging, rate limit, a key
 * rejected, the service down; then through the app (`POST /api/blockchain_query`).
 */
const SAMPLES = resolve(import.meta.dirname, '../../../fixtures/exchange-samples');
const ME = '0x7a3b9c1d2e4f5a6b7c8d9e0f1a2b3c4d5e6fc0de';

/** "1,250.5" with 6 decimals → "1250500000". */
function units(text: string, decimals: number): string {
  const [whole = '0', fraction = ''] = text.replace(/,/g, '').split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals)).toString();
}
const rowsOf = (file: string) =>
  parse(readFileSync(`${SAMPLES}/${file}`, 'utf8'), { columns: true }) as Record<string, string>[];

/** The sample exports as Etherscan's API would answer them. */
function apiRows(): Record<string, Record<string, string>[]> {
  const normal = rowsOf('etherscan-normal-transactions.csv').map((r) => ({
    hash: r['Transaction Hash'] ?? '',
    blockNumber: r.Blockno ?? '',
    timeStamp: r.UnixTimestamp ?? '',
    from: r.From ?? '',
    to: r.To ?? '',
    contractAddress: r.ContractAddress ?? '',
    value: units(
      Number(r['Value_IN(ETH)']) > 0 ? (r['Value_IN(ETH)'] ?? '0') : (r['Value_OUT(ETH)'] ?? '0'),
      18,
    ),
    gasUsed: '1',
    gasPrice: units(r['TxnFee(ETH)'] || '0', 18),
    isError: r.Status ? '1' : '0',
    functionName: r.Method ? `${r.Method}(address)` : '',
  }));
  const internal = rowsOf('etherscan-internal-transactions.csv').map((r) => ({
    hash: r['Transaction Hash'] ?? '',
    blockNumber: r.Blockno ?? '',
    timeStamp: r.UnixTimestamp ?? '',
    from: r.From ?? '',
    to: r.TxTo ?? '',
    contractAddress: r.ContractAddress ?? '',
    value: units(
      Number(r['Value_IN(ETH)']) > 0 ? (r['Value_IN(ETH)'] ?? '0') : (r['Value_OUT(ETH)'] ?? '0'),
      18,
    ),
    isError: r.Status === '1' ? '1' : '0',
    errCode: r.ErrCode ?? '',
    type: r.Type ?? 'call',
    traceId: '0',
  }));
  const tokens = rowsOf('etherscan-erc20-transfers.csv').map((r) => {
    const decimals = ['USDC', 'USDT'].includes(r.TokenSymbol ?? '') ? 6 : 18;
    return {
      hash: r['Transaction Hash'] ?? '',
      blockNumber: r.Blockno ?? '',
      timeStamp: r.UnixTimestamp ?? '',
      from: r.From ?? '',
      to: r.To ?? '',
      value: units(r.TokenValue ?? '0', decimals),
      tokenDecimal: String(decimals),
      contractAddress: r.ContractAddress ?? '',
      tokenName: r.TokenName ?? '',
      tokenSymbol: r.TokenSymbol ?? '',
    };
  });
  return { txlist: normal, txlistinternal: internal, tokentx: tokens };
}

interface Replay {
  lists: Record<string, Record<string, string>[]>;
  faults: { status: number; body: string }[];
  requests: URLSearchParams[];
}

function replayServer(replay: Replay): Server {
  return createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    replay.requests.push(q);
    res.setHeader('content-type', 'application/json');
    const fault = replay.faults.shift();
    if (fault) {
      res.statusCode = fault.status;
      res.end(fault.body);
      return;
    }
    if (q.get('apikey') !== 'explorer-key') {
      res.end(JSON.stringify({ status: '0', message: 'NOTOK', result: 'Invalid API Key' }));
      return;
    }
    const start = Number(q.get('startblock') ?? 0);
    const size = Number(q.get('offset') ?? 10000);
    const rows = (replay.lists[q.get('action') ?? ''] ?? [])
      .filter((r) => Number(r.blockNumber) >= start)
      .sort((a, b) => Number(a.blockNumber) - Number(b.blockNumber))
      .slice(0, size);
    res.end(
      JSON.stringify(
        rows.length === 0
          ? { status: '0', message: 'No transactions found', result: [] }
          : { status: '1', message: 'OK', result: rows },
      ),
    );
  });
}

describe('Etherscan API adapter against a replay server', () => {
  const replay: Replay = { lists: apiRows(), faults: [], requests: [] };
  let server: Server;
  let baseURL = '';
  beforeAll(async () => {
    server = replayServer(replay);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/api`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const history = (extra: object = {}) =>
    fetchEvmHistory({ chain: 'eth', address: ME, apiKey: 'explorer-key', baseURL, backoffMs: 5, ...extra });

  it('converts wei and token units exactly', () => {
    expect(unitsToDecimal('750000000000000000', 18)).toBe('0.75');
    expect(unitsToDecimal('1250500000', 6)).toBe('1250.5');
    expect(unitsToDecimal('1', 18)).toBe('0.000000000000000001');
    expect(unitsToDecimal('0', 18)).toBe('0');
  });

  it('gives the same rows and dedupe keys as the three downloaded exports', async () => {
    const got = await history();
    const files = {
      'etherscan-normal': 'etherscan-normal-transactions.csv',
      'etherscan-internal': 'etherscan-internal-transactions.csv',
      'etherscan-erc20': 'etherscan-erc20-transfers.csv',
    } as const;
    for (const f of got.files) {
      const fromApi = parseFile(new TextEncoder().encode(f.csv), { address: ME });
      const fromFile = parseFile(readFileSync(`${SAMPLES}/${files[f.format as keyof typeof files]}`), {
        address: ME,
      });
      expect(fromApi.format).toBe(f.format);
      expect(fromApi.errors).toEqual([]);
      const strip = (r: { transactions: object[] }) =>
        r.transactions.map((t) => ({ ...t, source_lines: undefined, fiat_value: undefined }));
      expect(strip(fromApi)).toEqual(strip(fromFile));
      expect(dedupeKeys('etherscan', fromApi.transactions)).toEqual(
        dedupeKeys('etherscan', fromFile.transactions),
      );
    }
    expect(got.latestBlock).toBeGreaterThan(19_000_000);
  });

  it('pages by block and waits out a rate limit', async () => {
    replay.requests = [];
    replay.faults = [
      {
        status: 200,
        body: JSON.stringify({ status: '0', message: 'NOTOK', result: 'Max rate limit reached' }),
      },
    ];
    const got = await history({ pageSize: 2 });
    expect(got.files.map((f) => f.rows)).toEqual([
      replay.lists.txlist?.length,
      replay.lists.txlistinternal?.length,
      replay.lists.tokentx?.length,
    ]);
    const txlist = replay.requests.filter((q) => q.get('action') === 'txlist');
    expect(txlist.length).toBeGreaterThan(2);
    expect(txlist.every((q) => q.get('chainid') === '1')).toBe(true);
  });

  it('names a rejected key, a service down and a malformed reply', async () => {
    await expect(history({ apiKey: 'wrong' })).rejects.toThrow(/import failed/);
    replay.faults = [{ status: 503, body: 'down' }];
    await expect(history()).rejects.toThrow(
      'Etherscan service is not currently responding, please try importing again in a bit.',
    );
    replay.faults = [{ status: 200, body: '<html>' }];
    await expect(history()).rejects.toThrow('Etherscan import failed');
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: a wallet added by address`, () => {
    const replay: Replay = { lists: apiRows(), faults: [], requests: [] };
    let explorer: Server;
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    beforeAll(async () => {
      explorer = replayServer(replay);
      await new Promise<void>((r) => explorer.listen(0, '127.0.0.1', r));
      server = await startTestServer(dialect, {
        ETHERSCAN_API_KEY: 'explorer-key',
        ETHERSCAN_BASE_URL: `http://127.0.0.1:${(explorer.address() as AddressInfo).port}/v2/api`,
      });
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
    });
    afterAll(async () => {
      await server.dispose();
      await new Promise<void>((r) => explorer.close(() => r()));
    });
    const count = async () =>
      Number(
        (
          await server.ctx.db.kysely
            .selectFrom('transactions')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('refuses a bad address and says which chains need their CSV', async () => {
      const bad = await alice.post('/api/blockchain_query', { coin: 'eth', address: '0x123' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(
        'address: not a valid Ethereum address (0x and 40 hexadecimal characters)',
      );
      const ltc = await alice.post('/api/blockchain_query', { coin: 'ltc', address: 'ltc1q...' });
      expect(ltc.body.message).toBe('address: not a Litecoin address');
      const ada = await alice.post('/api/blockchain_query', { coin: 'ada', address: 'addr1...' });
      expect(ada.body.message).toMatch(
        /Cardano addresses are not supported yet; download the wallet's CSV export/,
      );
    });

    it('imports the history; the downloaded exports add nothing; a resync adds nothing', async () => {
      const res = await alice.post('/api/blockchain_query', {
        coin: 'eth',
        address: ME,
        custom_wallet_name: 'Cold ETH',
      });
      expect(res.status).toBe(200);
      await server.ctx.jobs.idle();
      expect((await server.ctx.jobsRepo.find(res.body.data.job_id))?.status).toBe('succeeded');
      const imported = await count();
      expect(imported).toBeGreaterThan(3);
      const historyId = res.body.data.import_history_id as number;
      for (const file of [
        'etherscan-normal-transactions.csv',
        'etherscan-internal-transactions.csv',
        'etherscan-erc20-transfers.csv',
      ]) {
        await alice.upload(
          '/api/imports/v1/csv_imports',
          { name: file, content: readFileSync(`${SAMPLES}/${file}`, 'utf8') },
          { import_history_id: String(historyId) },
        );
      }
      await server.ctx.jobs.idle();
      expect(await count()).toBe(imported);
      expect(
        (await bob.post('/api/imports/v2/actions/resync_account', { import_history_id: historyId })).status,
      ).toBe(404);
      replay.requests = [];
      const resync = await alice.post('/api/imports/v2/actions/resync_account', {
        import_history_id: historyId,
      });
      expect(resync.status).toBe(200);
      await server.ctx.jobs.idle();
      expect(replay.requests.map((q) => q.get('action'))).toEqual(['txlist', 'txlistinternal', 'tokentx']);
      expect(replay.requests.every((q) => Number(q.get('startblock')) > 19_000_000)).toBe(true);
      expect(await count()).toBe(imported);
    });
  });
}
