import { startTestServer } from '../../apps/server/test/support/test-server.ts';
import { fuzzUploads } from '../../apps/server/test/support/upload-fuzz.ts';

/**
 * Issue 29's fuzz run through the server: `npx tsx bench/fuzz/server.ts [count=300] [dialects=sqlite,postgres]`.
 * Mutated exports uploaded over HTTP (in-process Fastify), imported by the job and calculated
 * every 10 files, on each database (PostgreSQL at TEST_DATABASE_URL, as the tests use).
 * Prints the figures per database and every failure with its seed; exit code 1 on any failure.
 */
const count = Number(process.argv[2] ?? 300);
const dialects = (process.argv[3] ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
let failed = 0;
for (const dialect of dialects) {
  // A new user every 10 files: more sign-ups than the default limit allows one address.
  const server = await startTestServer(dialect, { SIGNUP_RATE_LIMIT: '1000000' });
  try {
    const { failures, ...figures } = await fuzzUploads(server, count, dialect === 'sqlite' ? 1 : 100_001);
    process.stdout.write(`${dialect}: ${JSON.stringify({ ...figures, failures: failures.length })}\n`);
    for (const f of failures.slice(0, 30)) {
      process.stdout.write(`FAIL ${dialect} seed ${f.seed} ${f.source} [${f.mutations}]: ${f.problem}\n`);
    }
    failed += failures.length;
  } finally {
    await server.dispose();
  }
}
process.exitCode = failed > 0 ? 1 : 0;
