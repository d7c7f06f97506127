import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseFile } from '@lotwise/importers/parse';
import { type KrakenLedgerEntry, krakenEntriesFromCsv } from '@lotwise/test-replay/kraken-ledger-entries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKeys } from '../src/modules/imports/dedupe.ts';
import { familyOfFormat } from '../src/modules/imports/sources.ts';
import { fetchKrakenLedgerCsv } from '../src/modules/wallets/sources/kraken-ledgers-api.ts';

/**
 * Kraken's private Ledgers call through ccxt against a local server answering in the shapes
 * of Kraken's documentation ({ error: [], result: { ledger: { id: entry }, count } }, 50 a
 * page, newest first), replaying the sample ledgers.csv exports plus generated entries for
 * paging. No request leaves the machine.
 */
const SAMPLES = path.resolve(import.meta.dirname, '../../../fixtures/exchange-samples');
const SECRET = Buffer.from('lotwise-test-secret-lotwise-test-secret').toString('base64');

interface Replay {
  entries: [string, KrakenLedgerEntry][];
  /** What the next requests answer instead of the ledger: a status and body, in order. */
  faults: { status: number; body: string }[];
  requests: { ofs: number; start: string | null; signed: boolean }[];
  /** Runs after a page is answered (entries arriving while the import pages). */
  afterPage?: (() => void) | undefined;
}

describe('Kraken API ledger (ccxt) against a replay server', () => {
  let server: Server;
  let baseURL = '';
  const replay: Replay = { entries: [], faults: [], requests: [] };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        replay.requests.push({
          ofs: Number(form.get('ofs') ?? 0),
          start: form.get('start'),
          signed: typeof req.headers['api-sign'] === 'string' && req.headers['api-key'] === 'read-only-key',
        });
        res.setHeader('content-type', 'application/json');
        const fault = replay.faults.shift();
        if (fault) {
          res.statusCode = fault.status;
          res.end(fault.body);
          return;
        }
        if (req.url !== '/0/private/Ledgers') {
          res.statusCode = 404;
          res.end(JSON.stringify({ error: ['EGeneral:Unknown method'] }));
          return;
        }
        const start = Number(form.get('start') ?? 0);
        res.on('finish', () => replay.afterPage?.());
        const newest = replay.entries
          .filter(([, e]) => Number(e.time) > start)
          .sort(([, a], [, b]) => Number(b.time) - Number(a.time));
        const ofs = Number(form.get('ofs') ?? 0);
        const ledger = Object.fromEntries(newest.slice(ofs, ofs + 50));
        res.end(JSON.stringify({ error: [], result: { ledger, count: newest.length } }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const dir = mkdtempSync(path.join(tmpdir(), 'lotwise-kraken-'));
  let n = 0;
  const fetchLedger = (extra: object = {}) =>
    fetchKrakenLedgerCsv({
      file: path.join(dir, `ledger-${++n}.csv`),
      apiKey: 'read-only-key',
      secret: SECRET,
      baseURL,
      backoffMs: 10,
      enableRateLimit: false,
      ...extra,
    });

  for (const sample of ['kraken-ledgers-2024.csv', 'kraken-ledgers-legacy.csv']) {
    it(`gives the same rows and dedupe keys as the downloaded ${sample}`, async () => {
      replay.entries = krakenEntriesFromCsv(`${SAMPLES}/${sample}`);
      replay.requests = [];
      const api = await fetchLedger();
      expect(api.entries).toBe(replay.entries.length);
      expect(replay.requests.every((r) => r.signed)).toBe(true);
      const fromApi = parseFile(readFileSync(api.file?.path ?? 'missing'));
      const fromFile = parseFile(readFileSync(`${SAMPLES}/${sample}`));
      expect(fromApi.format).toBe('kraken-ledgers');
      expect(fromApi.errors).toEqual([]);
      const strip = (r: { transactions: object[] }) =>
        r.transactions.map((t) => ({ ...t, source_lines: undefined }));
      expect(strip(fromApi)).toEqual(strip(fromFile));
      const family = familyOfFormat('kraken-ledgers').slug;
      expect(dedupeKeys(family, fromApi.transactions)).toEqual(dedupeKeys(family, fromFile.transactions));
    });
  }

  it('pages to the start of the history, and a resync asks only for what is newer', async () => {
    const t0 = Date.UTC(2024, 0, 1) / 1000;
    replay.entries = Array.from({ length: 120 }, (_, i) => [
      `L${String(i).padStart(5, '0')}-AAAAA-BBBBBB`,
      {
        refid: `D${i}`,
        time: t0 + i * 3600,
        type: 'deposit',
        subtype: '',
        aclass: 'currency',
        asset: 'XXBT',
        amount: '0.0010000000',
        fee: '0',
        balance: '',
      },
    ]);
    replay.requests = [];
    const pages: number[] = [];
    const all = await fetchLedger({ onPage: (n: number) => void pages.push(n) });
    expect(all.entries).toBe(120);
    expect(replay.requests.map((r) => r.ofs)).toEqual([0, 50, 100]);
    expect(pages).toEqual([50, 100, 120]);
    expect(parseFile(readFileSync(all.file?.path ?? 'missing')).transactions).toHaveLength(120);
    // Nothing new: one request; one new entry: it alone.
    replay.requests = [];
    const none = await fetchLedger({ since: all.latest });
    expect(none.entries).toBe(0);
    expect(none.file).toBeNull();
    expect(replay.requests).toHaveLength(1);
    expect(replay.requests[0]?.start).toBe(String(all.latest));
    replay.entries.push([
      'LNEW00-AAAAA-BBBBBB',
      {
        refid: 'DNEW',
        time: t0 + 200 * 3600,
        type: 'deposit',
        subtype: '',
        aclass: 'currency',
        asset: 'XXBT',
        amount: '0.5',
        fee: '0',
        balance: '',
      },
    ]);
    const one = await fetchLedger({ since: all.latest });
    expect(one.entries).toBe(1);
  });

  it('writes each entry once when new ones arrive mid-fetch and push older ones onto later pages', async () => {
    const t0 = Date.UTC(2024, 0, 1) / 1000;
    const deposit = (id: string, time: number): [string, KrakenLedgerEntry] => [
      id,
      {
        refid: `R-${id}`,
        time,
        type: 'deposit',
        subtype: '',
        aclass: 'currency',
        asset: 'XXBT',
        amount: '0.0010000000',
        fee: '0',
        balance: '',
      },
    ];
    replay.entries = Array.from({ length: 120 }, (_, i) =>
      deposit(`L${String(i).padStart(5, '0')}-OLD`, t0 + i * 60),
    );
    // After the first page, 30 newer entries arrive: page two then repeats 30 of page one.
    let pagesServed = 0;
    replay.afterPage = () => {
      if (++pagesServed === 1)
        for (let i = 0; i < 30; i++)
          replay.entries.push(deposit(`LNEW${String(i).padStart(3, '0')}-NEW`, t0 + 100_000 + i));
    };
    try {
      const got = await fetchLedger();
      const ids = readFileSync(got.file?.path ?? 'missing', 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0]);
      expect(new Set(ids).size).toBe(ids.length);
      // Every old entry once; the new ones the later pages happened to include, once each.
      expect(ids.filter((id) => id?.includes('-OLD'))).toHaveLength(120);
      expect(got.entries).toBe(ids.length);
    } finally {
      replay.afterPage = undefined;
    }
  });

  it("waits and tries again when rate limited (429, then Kraken's own error), then succeeds", async () => {
    replay.entries = krakenEntriesFromCsv(`${SAMPLES}/kraken-ledgers-2024.csv`);
    replay.faults = [
      { status: 429, body: 'Too many requests' },
      { status: 200, body: JSON.stringify({ error: ['EAPI:Rate limit exceeded'] }) },
    ];
    replay.requests = [];
    const got = await fetchLedger();
    expect(got.entries).toBe(replay.entries.length);
    expect(replay.requests.length).toBe(3);
  });

  it("says the spec's words for a missing key, a rejected key, a service down and a malformed page", async () => {
    await expect(fetchLedger({ apiKey: ' ' })).rejects.toThrow('Please Provide Correct Api-Key and Secret.');
    replay.faults = [{ status: 200, body: JSON.stringify({ error: ['EAPI:Invalid key'] }) }];
    await expect(fetchLedger()).rejects.toThrow(
      'Oops! Keys are invalid or has permission issues,please obtain a new one and try.',
    );
    replay.faults = [{ status: 200, body: JSON.stringify({ error: ['EGeneral:Permission denied'] }) }];
    await expect(fetchLedger()).rejects.toThrow('Oops! Keys are invalid');
    replay.faults = [{ status: 503, body: 'Service Unavailable' }];
    await expect(fetchLedger({ retries: 1 })).rejects.toThrow(
      'Kraken service is not currently responding, please try importing again in a bit.',
    );
    replay.faults = [{ status: 200, body: JSON.stringify({ error: [], result: { ledger: 'nope' } }) }];
    await expect(fetchLedger()).rejects.toThrow(
      'Kraken import failed, please try again and contact customer support if the issue persists.',
    );
    // A failed fetch leaves no file behind, finished or scratch.
    expect(readdirSync(dir).some((f) => f.endsWith('.pages'))).toBe(false);
  });
});
