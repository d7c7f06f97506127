import { parseFile } from '@lotwise/importers/parse';
import { mutate, Rng } from '../../../../packages/importers/test/fuzz/mutate.ts';
import { checkFile, findNonFinite } from '../../../../packages/importers/test/fuzz/pipeline.ts';
import { loadSeeds } from '../../../../packages/importers/test/fuzz/sources.ts';
import { TestClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

/**
 * Issue 29's fuzz run through the whole server: mutated exports (packages/importers/test/fuzz)
 * uploaded over HTTP, imported by the job and calculated. Checks: no upload answers 5xx; every
 * import ends (complete or failed, never left in progress); a complete import stored exactly
 * what the importers read from the same bytes (rows added + duplicates = transactions parsed,
 * the same error count, every added row in the table) and, with zero errors, lost no row; every
 * calculation job succeeds and its years carry no NaN / Infinity. Each group of
 * `calculateEvery` files belongs to a new user (one user would see most rows as duplicates of
 * earlier uploads of the same seed file, and calculate less).
 */
export interface UploadFuzzReport {
  files: number;
  refused: number;
  complete: number;
  failed: number;
  rowsAdded: number;
  duplicates: number;
  rowErrors: number;
  calculations: number;
  failures: { seed: number; source: string; mutations: string[]; problem: string }[];
  ms: number;
}

export async function fuzzUploads(
  server: TestServer,
  count: number,
  firstSeed = 1,
  calculateEvery = 10,
): Promise<UploadFuzzReport> {
  // Seeds that need parse options (an explorer export's own address) are left to the unit fuzz.
  const seeds = loadSeeds().filter((s) => Object.keys(s.options).length === 0);
  const db = server.ctx.db.kysely;
  const started = Date.now();
  const report: UploadFuzzReport = {
    files: 0,
    refused: 0,
    complete: 0,
    failed: 0,
    rowsAdded: 0,
    duplicates: 0,
    rowErrors: 0,
    calculations: 0,
    failures: [],
    ms: 0,
  };
  const seenFailed = new Set<number>();
  let client = await newUser(server, firstSeed);
  for (let k = 0; k < count; k += 1) {
    const seed = firstSeed + k;
    const source = seeds[seed % seeds.length];
    if (!source) continue;
    const { bytes, mutations } = mutate(source.text, new Rng(seed));
    const fail = (problem: string) => report.failures.push({ seed, source: source.name, mutations, problem });
    report.files += 1;
    if (k > 0 && k % calculateEvery === 0) client = await newUser(server, seed);
    const up = await client.upload('/api/imports/v1/csv_imports', {
      name: `fuzz-${seed}.csv`,
      content: Buffer.from(bytes),
    });
    if (up.status >= 400 && up.status < 500) {
      report.refused += 1;
      continue;
    }
    if (up.status !== 200) {
      fail(`upload answered ${up.status}: ${JSON.stringify(up.body).slice(0, 200)}`);
      continue;
    }
    await server.ctx.jobs.idle();
    const fileId = Number(up.body.data.import_file_id);
    const file = await db
      .selectFrom('import_files')
      .selectAll()
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    const expected = parseFile(bytes);
    if (file.status === 'failed') {
      report.failed += 1;
      if (expected.transactions.length > 0)
        fail(`import failed (${file.status_message}) but ${expected.transactions.length} rows parse`);
    } else if (file.status === 'complete') {
      report.complete += 1;
      const stored = Number(
        (
          await db
            .selectFrom('transactions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('import_file_id', '=', fileId)
            .executeTakeFirstOrThrow()
        ).n,
      );
      report.rowsAdded += file.rows_added;
      report.duplicates += file.rows_duplicate;
      report.rowErrors += file.error_count;
      if (file.rows_added + file.rows_duplicate !== expected.transactions.length) {
        fail(
          `stored ${file.rows_added} + ${file.rows_duplicate} duplicates of ${expected.transactions.length} parsed rows`,
        );
      }
      if (file.error_count !== expected.errors.length)
        fail(`error count ${file.error_count}, importers say ${expected.errors.length}`);
      if (stored !== file.rows_added)
        fail(`${stored} rows in the table, the file says ${file.rows_added} added`);
      if (file.error_count === 0) {
        const problems = checkFile(bytes, {}).problems;
        if (problems.length > 0) fail(`complete with zero errors: ${problems[0]}`);
      }
    } else {
      fail(`import left ${file.status} after its job ended`);
    }
    if ((k + 1) % calculateEvery === 0 || k === count - 1) {
      await calculateOnce(server, client, seenFailed, fail);
      report.calculations += 1;
    }
  }
  report.ms = Date.now() - started;
  return report;
}

async function newUser(server: TestServer, seed: number): Promise<TestClient> {
  const client = new TestClient(server.app);
  const res = await client.post('/api/auth/sign_up', {
    email: `fuzz-${seed}@example.com`,
    password: 'correct horse 9',
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
  return client;
}

async function calculateOnce(
  server: TestServer,
  client: TestClient,
  seenFailed: Set<number>,
  fail: (problem: string) => void,
): Promise<void> {
  const start = await client.post('/api/imports/v1/tax_calculations/start_tax_calculation', {});
  if (start.status !== 200) {
    fail(`start_tax_calculation answered ${start.status}: ${JSON.stringify(start.body).slice(0, 200)}`);
    return;
  }
  await server.ctx.jobs.idle();
  const failedJobs = await server.ctx.db.kysely
    .selectFrom('jobs')
    .select(['id', 'name', 'error'])
    .where('status', '=', 'failed')
    .where('name', 'in', ['import.parse', 'tax.calculate'])
    .execute();
  for (const job of failedJobs) {
    if (seenFailed.has(job.id)) continue;
    seenFailed.add(job.id);
    fail(`job failed: ${job.name}: ${String(job.error).slice(0, 200)}`);
  }
  const years = await client.get('/api/tax/years');
  if (years.status !== 200) fail(`tax years answered ${years.status}`);
  const bad = findNonFinite(years.body, 'years');
  if (bad) fail(`tax years have ${bad}`);
}
