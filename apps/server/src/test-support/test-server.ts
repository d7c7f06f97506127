import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../config.ts';
import type { DialectName } from '../db/database.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { createServer, type Server } from '../server.ts';
import { openTestDb } from './dialects.ts';

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
  const config: Config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const db = await openTestDb(dialect);
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
