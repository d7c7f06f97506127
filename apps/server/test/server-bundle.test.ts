import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The precompiled server (scripts/build.mjs, run by `npm install`, `npm start` and `npm test`)
 * starts as the sources do, finds the built web app and its own worker files, and bin/start.mjs
 * never runs it once a source it was built from is newer. Built into a directory of its own, so
 * the browser tests running beside this file keep using apps/server/dist undisturbed.
 */
const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(server, '../..');
const distName = `.dist-test-${process.pid}`;
const dist = path.join(server, distName);
const start = path.join(server, 'bin/start.mjs');
const STALE_WORDS = 'running the TypeScript sources';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts bin/start.mjs, waits for its banner and answers its output so far. */
async function startAndProbe(
  env: Record<string, string>,
): Promise<{ output: string; html: string; session: unknown }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [start], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lotwise-bundle-')),
      LOG_LEVEL: 'warn',
      PRICE_PROVIDERS: 'none',
      LOTWISE_SERVER_DIST: path.relative(root, dist),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (d: Buffer) => {
    output += d.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  try {
    const deadline = Date.now() + 60_000;
    while (!output.includes('Lotwise is running at')) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const base = `http://127.0.0.1:${port}`;
    const html = await (await fetch(`${base}/`)).text();
    const session = await (await fetch(`${base}/api/auth/session`)).json();
    return { output, html, session };
  } finally {
    child.kill('SIGTERM');
  }
}

describe('the precompiled server', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    await new Promise<void>((resolve, reject) =>
      execFile(
        process.execPath,
        [path.join(server, 'scripts/build.mjs')],
        { env: { ...process.env, LOTWISE_SERVER_DIST: path.relative(root, dist) } },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('lists the sources it was built from and has a file for each worker thread', () => {
    const inputs: string[] = JSON.parse(readFileSync(path.join(dist, 'inputs.json'), 'utf8'));
    expect(inputs).toContain('apps/server/src/main.ts');
    expect(inputs).toContain('apps/server/src/modules/tax/calc-worker.ts');
    expect(inputs.some((p) => p.startsWith('packages/engine/src/'))).toBe(true);
    expect(inputs.some((p) => p.startsWith('apps/web/'))).toBe(false);
    // Every `new URL('./…-boot.mjs', import.meta.url)` of the sources has its bundled entry.
    for (const worker of [
      'calc-worker-boot',
      'report-worker-boot',
      'import-writer-boot',
      'parse-worker-boot',
    ])
      expect(readFileSync(path.join(dist, `${worker}.mjs`), 'utf8').length).toBeGreaterThan(1000);
  });

  it('starts from the bundle, serving the web app and the API', async () => {
    const run = await startAndProbe({});
    expect(run.output).not.toContain(STALE_WORDS);
    expect(run.html).toContain('<div id="root"');
    expect(run.session).toMatchObject({ user: null });
  });

  it('runs the sources, and says so, once a source is newer than the bundle', async () => {
    // A stand-in source of this bundle only (touching a real one would make apps/server/dist stale).
    const source = path.join(dist, 'newer-source.ts');
    writeFileSync(source, '// newer than the bundle\n');
    const later = new Date(Date.now() + 60_000);
    utimesSync(source, later, later);
    const inputs: string[] = JSON.parse(readFileSync(path.join(dist, 'inputs.json'), 'utf8'));
    writeFileSync(
      path.join(dist, 'inputs.json'),
      JSON.stringify([...inputs, `apps/server/${distName}/newer-source.ts`]),
    );
    const run = await startAndProbe({});
    expect(run.output).toContain(
      `${STALE_WORDS} (slower to start): apps/server/${distName} is missing or older`,
    );
    expect(run.html).toContain('<div id="root"');
    const quiet = await startAndProbe({ LOTWISE_SERVER_BUNDLE: 'off' });
    expect(quiet.output).not.toContain(STALE_WORDS);
  });
});
