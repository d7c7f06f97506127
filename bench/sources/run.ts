/**
 * A connected Kraken account with many ledger entries, imported through the app (issue 18):
 * a local server answers Kraken's Ledgers call (50 entries a page, newest first) and the
 * app's import.api job fetches, renders and imports them on SQLite. Then a resync with
 * nothing new. Prints time, peak RSS and the requests each made. Asserts nothing.
 *
 *   npx tsx bench/sources/run.ts [--entries 100000]
 */
import { mkdtempSync } from 'node:fs';
import { createServer as createHttp } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { TestClient } from '../../apps/server/test/support/http-client.ts';
import { formatMs, measure } from '../support/measure.ts';

const i = process.argv.indexOf('--entries');
const ENTRIES = i >= 0 ? Number(process.argv[i + 1]) : 100_000;
const t0 = Date.UTC(2019, 0, 1) / 1000;
// Newest first, as Kraken pages them; each a deposit of its own.
const ids = Array.from({ length: ENTRIES }, (_, n) => ENTRIES - 1 - n);
let requests = 0;

const kraken = createHttp((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => {
    body += c.toString();
  });
  req.on('end', () => {
    requests++;
    const form = new URLSearchParams(body);
    const start = Number(form.get('start') ?? 0);
    const ofs = Number(form.get('ofs') ?? 0);
    const newer = start > 0 ? ids.filter((n) => t0 + n * 60 > start) : ids;
    const ledger: Record<string, object> = {};
    for (const n of newer.slice(ofs, ofs + 50)) {
      ledger[`L${String(n).padStart(6, '0')}-BENCH-LEDGER`] = {
        refid: `R${n}`,
        time: t0 + n * 60,
        type: 'deposit',
        subtype: '',
        aclass: 'currency',
        asset: 'XXBT',
        amount: '0.0001000000',
        fee: '0.0000000000',
        balance: '',
      };
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ error: [], result: { ledger, count: newer.length } }));
  });
});
await new Promise<void>((r) => kraken.listen(0, '127.0.0.1', r));

const dataDir = mkdtempSync(path.join(tmpdir(), 'lotwise-bench-sources-'));
const db = openDatabase(`sqlite:${path.join(dataDir, 'bench.db')}`);
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PRICE_PROVIDERS: 'none',
  KRAKEN_BASE_URL: `http://127.0.0.1:${(kraken.address() as AddressInfo).port}`,
  // Kraken's own budget (one ledger page every few seconds) would be measured instead of Lotwise.
  KRAKEN_PACING: 'off',
});
const server = await createServer(
  { ...config, webDist: undefined },
  { db, mailer: { send: async () => {} }, logger: false },
);
try {
  const client = new TestClient(server.app);
  await client.post('/api/auth/sign_up', { email: 'bench@example.com', password: 'correct horse 9' });
  const secret = Buffer.from('bench-secret-bench-secret-bench!').toString('base64');
  console.log(`Kraken account with ${ENTRIES.toLocaleString('en-US')} ledger entries (SQLite file)`);
  const first = await measure(async () => {
    const res = await client.post('/api/imports/v1/api_imports', {
      exchange: 'kraken',
      api_key: 'k',
      secret,
    });
    await server.ctx.jobs.idle();
    return res.body.data as { import_history_id: number; job_id: number };
  });
  const job = await server.ctx.jobsRepo.find(first.result.job_id);
  const stored = await db.kysely
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `  API import: ${formatMs(first.ms)}, ${requests} requests, ${stored.n} rows stored, job ${job?.status}, peak RSS ${first.peakRssMb.toFixed(0)} MiB, main-thread heap peak ${first.peakHeapMb.toFixed(0)} MiB`,
  );
  requests = 0;
  const resync = await measure(async () => {
    await client.post('/api/imports/v2/actions/resync_account', {
      import_history_id: first.result.import_history_id,
    });
    await server.ctx.jobs.idle();
  });
  console.log(
    `  resync with nothing new: ${formatMs(resync.ms)}, ${requests} request(s) to the Ledgers endpoint`,
  );
} finally {
  await server.close();
  await db.close();
  kraken.close();
}
