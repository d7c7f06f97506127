import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ProbeServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

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

/**
 * The real server process as `npm start` runs it (production defaults: no test hooks, no proxy
 * trusted), on 127.0.0.1 and a fresh data folder; the API only, so no SPA build is needed.
 */
export async function startProbeServer(env: Record<string, string>): Promise<ProbeServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lotwise-abuse-'));
  const port = await freePort();
  // The limits under test are the defaults unless the probe names them.
  const inherited = { ...process.env };
  for (const key of ['TRUST_PROXY', 'LOGIN_RATE_LIMIT', 'LOGIN_ACCOUNT_RATE_LIMIT', 'SIGNUP_RATE_LIMIT'])
    delete inherited[key];
  const child: ChildProcess = spawn(process.execPath, ['apps/server/bin/start.mjs'], {
    cwd: ROOT,
    env: {
      ...inherited,
      DATABASE_URL: '',
      LOTWISE_TEST_HOOKS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST: path.join(dataDir, 'no-spa'),
      LOG_LEVEL: 'warn',
      PRICE_PROVIDERS: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const deadline = Date.now() + 60_000;
  while (!output.includes('Lotwise is running at')) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
