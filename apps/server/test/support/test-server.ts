import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../../src/config.ts';
import { type DialectName, openDatabase } from '../../src/db/database.ts';
import type { Mail, Mailer } from '../../src/mail/mailer.ts';
import { createServer, type Server } from '../../src/server.ts';
import { openTestDb } from './dialects.ts';

function fileDb(url: string) {
  const db = openDatabase(url);
  return { ...db, dispose: () => db.close() };
}

export interface TestServer extends Server {
  mails: Mail[];
  dispose(): Promise<void>;
}

/** The real app on a fresh database of the given dialect, with mail captured in memory. */
export async function startTestServer(
  dialect: DialectName,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lotwise-test-'));
  // Offline unless a test points the price providers at a replay server.
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PRICE_PROVIDERS: 'none',
    ...env,
  });
  // A `sqlite:<file>` DATABASE_URL puts the SQLite run in that file (the path large uploads
  // take with their import writer needs a file a second connection can open).
  const file = dialect === 'sqlite' && env.DATABASE_URL?.startsWith('sqlite:') ? env.DATABASE_URL : undefined;
  const db = file ? fileDb(file) : await openTestDb(dialect);
  const mails: Mail[] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m) };
  const server = await createServer({ ...config, webDist: undefined }, { db, mailer, logger: false });
  return {
    ...server,
    mails,
    async dispose() {
      await server.close();
      await db.dispose();
    },
  };
}
