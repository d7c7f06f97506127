import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from './support/run-node.ts';

/**
 * The precompiled server (scripts/build.mjs, run by `npm install`, `npm start` and `npm test`)
 * starts as the sources do, finds the built web app and its own worker files, and bin/start.mjs
 * never runs it once a source it was built from has changed. Built into a directory of its own, so
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

  it('lists the sources it was built from, with their hashes, and has a file for each worker thread', () => {
    const inputs: Record<string, string> = JSON.parse(readFileSync(path.join(dist, 'inputs.json'), 'utf8'));
    const paths = Object.keys(inputs);
    expect(paths).toContain('apps/server/src/main.ts');
    expect(paths).toContain('apps/server/src/modules/tax/calc-worker.ts');
    expect(paths.some((p) => p.startsWith('packages/engine/src/'))).toBe(true);
    expect(paths.some((p) => p.startsWith('apps/web/'))).toBe(false);
    expect(inputs['apps/server/src/main.ts']).toBe(
      createHash('sha256')
        .update(readFileSync(path.join(server, 'src/main.ts')))
        .digest('hex'),
    );
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

  it('runs the sources, and says why, once a source differs from what the bundle was built from', async () => {
    const inputs: Record<string, string> = JSON.parse(readFileSync(path.join(dist, 'inputs.json'), 'utf8'));
    const listed = (list: unknown) => writeFileSync(path.join(dist, 'inputs.json'), JSON.stringify(list));
    try {
      // A changed source (whatever its mtime says: cp -p and rsync -a set it back).
      listed({ ...inputs, 'apps/server/src/main.ts': '0'.repeat(64) });
      const run = await startAndProbe({});
      expect(run.output).toContain(
        `${STALE_WORDS} (slower to start): the bundle in apps/server/${distName} cannot run, as apps/server/src/main.ts changed since it was built`,
      );
      expect(run.html).toContain('<div id="root"');
      // A list that is not the bundle's own, or that names files outside the repository.
      listed([]);
      expect((await startAndProbe({})).output).toContain('its list of sources is not its own');
      listed({ ...inputs, '../../etc/passwd': 'x' });
      expect((await startAndProbe({})).output).toContain('names ../../etc/passwd, outside the repository');
      const quiet = await startAndProbe({ LOTWISE_SERVER_BUNDLE: 'off' });
      expect(quiet.output).not.toContain(STALE_WORDS);
    } finally {
      listed(inputs);
    }
  });

  it('says a configuration mistake in one line and exits 1, without a stack trace', async () => {
    const run = await runNode([start], {
      LOTWISE_SERVER_DIST: path.relative(root, dist),
      REDIS_PREFIX: 'two words',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'Invalid configuration: REDIS_PREFIX: letters, digits and _ . : - only (at most 64)\n',
    );
  });

  it('refuses to build into, or start from, a directory that is not a bundle directory of apps/server', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'lotwise-not-a-bundle-'));
    writeFileSync(path.join(elsewhere, 'important.txt'), 'keep me');
    for (const target of [elsewhere, 'apps/web', '.', 'apps/server/src']) {
      const build = await runNode([path.join(server, 'scripts/build.mjs')], { LOTWISE_SERVER_DIST: target });
      expect(build.status).toBe(2);
      expect(build.stderr).toContain(
        'LOTWISE_SERVER_DIST must name apps/server/dist or apps/server/.dist-<name>',
      );
      const start = await runNode([path.join(server, 'bin/start.mjs')], { LOTWISE_SERVER_DIST: target });
      expect(start.status).toBe(2);
    }
    expect(readFileSync(path.join(elsewhere, 'important.txt'), 'utf8')).toBe('keep me');
    expect(readFileSync(path.join(root, 'apps/web/index.html'), 'utf8')).toContain('<div id="root"');
    rmSync(elsewhere, { recursive: true, force: true });
  });
});
