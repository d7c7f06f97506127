import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUploads } from '../src/modules/imports/upload-space.ts';
import { createServer } from '../src/server.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 29.8: an upload that fails part-way (a client gone mid-body, a cut-off multipart
 * body, a refused file) leaves no `.upload` file behind; a broken body is a 400 naming the
 * file, not a 500; files left by a process that died are swept at start; and a user's
 * uploads waiting to be imported are held to a quota.
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const ROW = '2024-01-05 12:00:00 UTC,1000,USD,100,BNB,,,1000,USD,,Buy,';
const QUOTA = 64 * 1024;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const dialect of DIALECTS) {
  describe(`${dialect}: aborted and broken uploads`, () => {
    let server: TestServer;
    let alice: TestClient;
    let userId: number;
    let dir: string;

    const leftovers = () => {
      try {
        return readdirSync(dir).filter((f) => f.endsWith('.upload'));
      } catch {
        return [];
      }
    };
    const recorded = async () =>
      (await server.ctx.db.kysely.selectFrom('import_files').select('storage_path').execute()).map(
        (r) => r.storage_path,
      );

    beforeAll(async () => {
      server = await startTestServer(dialect, { UPLOAD_PENDING_QUOTA_BYTES: String(QUOTA) });
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      const user = await server.ctx.db.kysely.selectFrom('users').select('id').executeTakeFirstOrThrow();
      userId = Number(user.id);
      dir = path.join(server.ctx.config.dataDir, 'uploads', String(userId));
      await server.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => server.dispose());

    it('a multipart body cut off before its end is a 400 naming the file, and no file is left', async () => {
      const boundary = '----lotwiseCut';
      const body = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER}\n${ROW}\n${ROW}`,
      );
      const res = await alice.request('POST', '/api/imports/v1/csv_imports', body, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', field: 'file' });
      expect(res.body.message).toMatch(/^file: the upload ended before the file did/);
      expect(leftovers()).toEqual([]);
    });

    it('two files in one upload are a 400 saying one file at a time, and no file is left', async () => {
      const boundary = '----lotwiseTwo';
      const part = (name: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${HEADER}\n${ROW}\r\n`;
      const body = Buffer.from(`${part('a.csv')}${part('b.csv')}--${boundary}--\r\n`);
      const res = await alice.request('POST', '/api/imports/v1/csv_imports', body, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', field: 'file' });
      expect(res.body.message).toMatch(/^file: send one file per upload/);
      expect(leftovers()).toEqual([]);
    });

    it('a client that goes away mid-upload leaves no partial file', async () => {
      const { port } = server.app.server.address() as net.AddressInfo;
      const boundary = '----lotwiseAbort';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER}\n`,
      );
      // ~30 KB sent (under the test's quota of 64 KB) of a body said to be 4 MB.
      const rows = Buffer.from(`${ROW}\n`.repeat(500));
      const cookies = `lotwise_session=${alice.cookie('lotwise_session')}; lotwise_csrf=${alice.cookie('lotwise_csrf')}`;
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      socket.write(
        [
          'POST /api/imports/v1/csv_imports HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          `Cookie: ${cookies}`,
          `X-CSRF-Token: ${alice.cookie('lotwise_csrf')}`,
          `Content-Type: multipart/form-data; boundary=${boundary}`,
          `Content-Length: ${4 * 1024 * 1024}`,
          '',
          '',
        ].join('\r\n'),
      );
      socket.write(head);
      socket.write(rows);
      // The server has begun writing the file …
      for (let i = 0; i < 1000 && leftovers().length === 0; i++) await wait(10);
      expect(leftovers()).toHaveLength(1);
      // … when the client goes away.
      socket.destroy();
      for (let i = 0; i < 1000 && leftovers().length > 0; i++) await wait(10);
      expect(leftovers()).toEqual([]);
      expect(await recorded()).toEqual([]);
    });

    it('a refused file (unrecognised layout) leaves no file', async () => {
      const res = await alice.upload('/api/imports/v1/csv_imports', {
        name: 'odd.csv',
        content: 'a,b\n1,2\n',
      });
      expect(res.status).toBe(400);
      expect(leftovers()).toEqual([]);
    });

    it("holds a user's uploads waiting to be imported to the quota", async () => {
      const big = `${HEADER}\n${`${ROW}\n`.repeat(Math.ceil(QUOTA / ROW.length) + 10)}`;
      const over = await alice.upload('/api/imports/v1/csv_imports', { name: 'big.csv', content: big });
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({ code: 'validation_failed', field: 'file' });
      expect(over.body.message).toMatch(/waiting to be imported may take 65536 bytes/);
      expect(leftovers()).toEqual([]);
      // A paused upload (waiting for a plan) of 60 KB leaves room for 4 KB more.
      const history = await server.ctx.db.kysely
        .insertInto('import_histories')
        .values({
          user_id: userId,
          account_name: 'Koinly',
          account_slug: 'koinly',
          type: 'csv',
          custom_name: null,
          us_based: false,
          import_status: 'complete',
          wallet_address: null,
          last_synced_at: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await server.ctx.db.kysely
        .insertInto('import_files')
        .values({
          user_id: userId,
          import_history_id: Number(history.id),
          file_name: 'waiting.csv',
          file_type: 'csv',
          storage_path: null,
          sha256: null,
          size_bytes: 60 * 1024,
          format: null,
          status: 'paused',
          status_message: null,
          job_id: null,
          created_at: new Date().toISOString(),
          finished_at: null,
        })
        .execute();
      const small = `${HEADER}\n${`${ROW}\n`.repeat(20)}`; // ~1.7 KB
      const medium = `${HEADER}\n${`${ROW}\n`.repeat(100)}`; // ~6 KB
      expect(
        (await alice.upload('/api/imports/v1/csv_imports', { name: 'm.csv', content: medium })).status,
      ).toBe(400);
      const ok = await alice.upload('/api/imports/v1/csv_imports', { name: 's.csv', content: small });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      await server.ctx.jobs.idle();
      expect(leftovers()).toHaveLength(1);
    });

    it('sweeps files no upload names at start, keeping recorded and fresh ones', async () => {
      mkdirSync(dir, { recursive: true });
      const [kept] = leftovers();
      const orphan = path.join(dir, 'orphan-old.upload');
      const fresh = path.join(dir, 'orphan-fresh.upload');
      writeFileSync(orphan, 'half a file');
      writeFileSync(fresh, 'being received by another process');
      const old = new Date(Date.now() - 3 * 60 * 60 * 1000);
      utimesSync(orphan, old, old);
      utimesSync(path.join(dir, kept!), old, old);
      // Another server process starting over the same database and DATA_DIR sweeps.
      const other = await createServer(
        { ...server.ctx.config, webDist: undefined },
        { db: server.ctx.db, mailer: { send: async () => {} }, logger: false },
      );
      await other.close();
      expect(leftovers().sort()).toEqual([kept, 'orphan-fresh.upload'].sort());
      expect(await sweepUploads(server.ctx.db.kysely, server.ctx.config.dataDir, 0)).toEqual([fresh]);
      expect(leftovers()).toEqual([kept]);
    });
  });
}
