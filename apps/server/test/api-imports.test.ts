import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { krakenEntriesFromCsv } from '@lotwise/test-replay/kraken-ledger-entries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Connected Kraken accounts (issue 18) through the app: connect with a read-only key against
 * a replay of Kraken's Ledgers call → the import job → the same rows a downloaded ledgers.csv
 * gives (uploading it afterwards adds nothing) → a resync adds nothing and asks once →
 * deleting the account removes its rows and its sealed key. Another user can touch none of it.
 */
const SAMPLE = resolve(import.meta.dirname, '../../../fixtures/exchange-samples/kraken-ledgers-2024.csv');
const KEY = 'read-only-kraken-key';
const SECRET = Buffer.from('kraken-secret-for-the-replay-server!').toString('base64');

for (const dialect of DIALECTS) {
  describe(`${dialect}: connected Kraken account`, () => {
    let kraken: Server;
    let server: TestServer;
    let alice: TestClient;
    let bob: TestClient;
    const requests: { start: string | null; key: string | undefined }[] = [];
    const entries = Object.fromEntries(krakenEntriesFromCsv(SAMPLE));

    beforeAll(async () => {
      kraken = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => {
          body += c.toString();
        });
        req.on('end', () => {
          const form = new URLSearchParams(body);
          const key = req.headers['api-key'] as string | undefined;
          requests.push({ start: form.get('start'), key });
          res.setHeader('content-type', 'application/json');
          if (key !== KEY) {
            res.end(JSON.stringify({ error: ['EAPI:Invalid key'] }));
            return;
          }
          const start = Number(form.get('start') ?? 0);
          const newer = Object.entries(entries).filter(([, e]) => Number(e.time) > start);
          const ofs = Number(form.get('ofs') ?? 0);
          res.end(
            JSON.stringify({
              error: [],
              result: { ledger: Object.fromEntries(newer.slice(ofs, ofs + 50)), count: newer.length },
            }),
          );
        });
      });
      await new Promise<void>((r) => kraken.listen(0, '127.0.0.1', r));
      server = await startTestServer(dialect, {
        KRAKEN_BASE_URL: `http://127.0.0.1:${(kraken.address() as AddressInfo).port}`,
      });
      alice = new TestClient(server.app);
      bob = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await bob.post('/api/auth/sign_up', { email: 'bob@example.com', password: 'correct horse 9' });
    });
    afterAll(async () => {
      await server.dispose();
      await new Promise<void>((r) => kraken.close(() => r()));
    });

    const rows = async (email: string) =>
      Number(
        (
          await server.ctx.db.kysely
            .selectFrom('transactions as t')
            .innerJoin('users as u', 'u.id', 't.user_id')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('u.email', '=', email)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('asks for a key and a secret, and says so when Kraken rejects the key', async () => {
      const missing = await alice.post('/api/imports/v1/api_imports', {
        exchange: 'kraken',
        api_key: KEY,
        secret: ' ',
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Please Provide Correct Api-Key and Secret.');
      const wrong = await bob.post('/api/imports/v1/api_imports', {
        exchange: 'kraken',
        api_key: 'nope',
        secret: SECRET,
      });
      expect(wrong.status).toBe(200);
      await server.ctx.jobs.idle();
      const job = await server.ctx.jobsRepo.find(wrong.body.data.job_id);
      expect(job?.status).toBe('failed');
      expect(job?.error).toBe(
        'Oops! Keys are invalid or has permission issues,please obtain a new one and try.',
      );
    });

    it('imports the account, the same rows as its ledgers.csv, and keeps the key sealed', async () => {
      const res = await alice.post('/api/imports/v1/api_imports', {
        exchange: 'kraken',
        api_key: KEY,
        secret: SECRET,
        custom_name: 'My Kraken',
      });
      expect(res.status).toBe(200);
      const historyId = res.body.data.import_history_id as number;
      await server.ctx.jobs.idle();
      expect((await server.ctx.jobsRepo.find(res.body.data.job_id))?.status).toBe('succeeded');
      const imported = await rows('alice@example.com');
      expect(imported).toBeGreaterThan(5);

      // The downloaded ledgers.csv of the same account adds nothing.
      await alice.upload(
        '/api/imports/v1/csv_imports',
        { name: 'ledgers.csv', content: readFileSync(SAMPLE, 'utf8') },
        { import_history_id: String(historyId) },
      );
      await server.ctx.jobs.idle();
      expect(await rows('alice@example.com')).toBe(imported);

      const stored = await server.ctx.db.kysely.selectFrom('api_credentials').selectAll().execute();
      const text = JSON.stringify(stored);
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(SECRET);
      const listed = JSON.stringify((await alice.get('/api/imports/v2/import_histories?page=1')).body);
      expect(listed).toContain('My Kraken');
      expect(listed).not.toContain(KEY);
    });

    it('resyncs with one request and nothing new; another user cannot resync it', async () => {
      const history = await server.ctx.db.kysely
        .selectFrom('import_histories')
        .select('id')
        .where('type', '=', 'api')
        .where('custom_name', '=', 'My Kraken')
        .executeTakeFirstOrThrow();
      const before = await rows('alice@example.com');
      requests.length = 0;
      expect(
        (await bob.post('/api/imports/v2/actions/resync_account', { import_history_id: history.id })).status,
      ).toBe(404);
      const res = await alice.post('/api/imports/v2/actions/resync_account', {
        import_history_id: history.id,
      });
      expect(res.status).toBe(200);
      await server.ctx.jobs.idle();
      expect(requests).toHaveLength(1);
      expect(requests[0]?.start).not.toBeNull();
      expect(await rows('alice@example.com')).toBe(before);
    });

    it('deletes the account with its rows and its key', async () => {
      const history = await server.ctx.db.kysely
        .selectFrom('import_histories')
        .select('id')
        .where('custom_name', '=', 'My Kraken')
        .executeTakeFirstOrThrow();
      expect((await bob.request('DELETE', `/api/imports/v1/import_histories/${history.id}`)).status).toBe(
        404,
      );
      const res = await alice.request('DELETE', `/api/imports/v1/import_histories/${history.id}`);
      expect(res.status).toBe(200);
      await server.ctx.jobs.idle();
      expect(await rows('alice@example.com')).toBe(0);
      const left = await server.ctx.db.kysely
        .selectFrom('api_credentials')
        .select('id')
        .where('import_history_id', '=', history.id)
        .execute();
      expect(left).toEqual([]);
    });
  });
}
