import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  outboxDir: string;
  /** The server process's id (a job's worker names it). */
  pid: number;
  stop(): Promise<void>;
  /** SIGKILL: what a crash or a pulled plug does. */
  kill(): Promise<void>;
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
 * The real server process, as `npm start` runs it, on a fresh SQLite file (or the
 * DATABASE_URL given), serving the built SPA, with the e2e test hooks switched on.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; port?: number } = {},
): Promise<RunningServer> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` before the browser tests.');
  }
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'lotwise-e2e-'));
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, ['apps/server/bin/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOTWISE_TEST_HOOKS: '1',
      LOG_LEVEL: 'warn',
      // No price provider is reachable here: offline unless a test points them at a replay server.
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
  // A server that dies on its own takes its reason with it: say it where the failing test is read.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(
        `Lotwise server exited by itself (${code ?? signal}); its last output:\n${output.slice(-4000)}\n`,
      );
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
    outboxDir: path.join(dataDir, 'outbox'),
    pid: child.pid ?? 0,
    async kill() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      stopping = true;
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
