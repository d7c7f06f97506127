import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Db, type OpenOptions, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { type AppContext, createContext } from './http/context.ts';
import { type Mailer, outboxMailer, smtpMailer } from './mail/mailer.ts';
import { localHub, redisHub } from './realtime/hub.ts';

export interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** Opens the database, migrates it to the latest schema and builds the HTTP app. */
export async function createServer(
  config: Config,
  options: { logger?: boolean; db?: Db; dbOptions?: OpenOptions; mailer?: Mailer } = {},
): Promise<Server> {
  const log = pino({ level: options.logger === false ? 'silent' : config.logLevel });
  const db = options.db ?? openDatabase(config.databaseUrl, options.dbOptions);
  await migrateToLatest(db);
  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(config.outboxDir, config.mailFrom, log));
  const hub = config.redisUrl ? redisHub(config.redisUrl, log) : localHub();
  const ctx = createContext(config, db, mailer, hub);
  const app = await buildApp(ctx, options.logger === undefined ? {} : { logger: options.logger });
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await hub.close();
      if (!options.db) await db.close();
    },
  };
}
