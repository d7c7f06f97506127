import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Db, type OpenOptions, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { type AppContext, createContext } from './http/context.ts';
import { EmbeddedQueue } from './jobs/embedded-queue.ts';
import { JobExecutor, type JobQueue } from './jobs/job-queue.ts';
import { JobsRepo } from './jobs/jobs.repo.ts';
import { PgBossQueue } from './jobs/pg-boss-queue.ts';
import { type Mailer, outboxMailer, smtpMailer } from './mail/mailer.ts';
import { sweepUploads } from './modules/imports/upload-space.ts';
import { localHub, redisHub } from './realtime/hub.ts';

export interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** Opens the database, migrates it to the latest schema and builds the HTTP app. */
export async function createServer(
  config: Config,
  options: {
    logger?: boolean;
    db?: Db;
    dbOptions?: OpenOptions;
    mailer?: Mailer;
    /** Extra job handlers, registered before the queue starts (tests). */
    beforeStart?: (ctx: AppContext) => void;
  } = {},
): Promise<Server> {
  const log = pino({ level: options.logger === false ? 'silent' : config.logLevel });
  const db = options.db ?? openDatabase(config.databaseUrl, options.dbOptions);
  await migrateToLatest(db);
  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(config.outboxDir, config.mailFrom, log));
  const hub = config.redisUrl ? redisHub(config.redisUrl, log, config.redisPrefix) : localHub();
  const jobsRepo = new JobsRepo(db.kysely);
  const shared = db.dialect === 'postgres';
  const executor = new JobExecutor(jobsRepo, hub, log, shared ? config.jobHeartbeatMs : null);
  const queue: JobQueue = shared
    ? new PgBossQueue(db.url, jobsRepo, executor, {
        schema: db.schema ? `${db.schema}_boss` : 'pgboss',
        staleMs: config.jobStaleMs,
        sweepMs: config.jobHeartbeatMs,
        log,
      })
    : new EmbeddedQueue(jobsRepo, executor);
  const ctx = createContext(config, db, mailer, hub, { queue, repo: jobsRepo });
  const app = await buildApp(ctx, options.logger === undefined ? {} : { logger: options.logger });
  options.beforeStart?.(ctx);
  await queue.start();
  // Files of uploads that died mid-way (a crash, a killed process) are deleted at start.
  await sweepUploads(db.kysely, config.dataDir).then(
    (removed) => removed.length > 0 && log.info({ removed: removed.length }, 'removed unfinished uploads'),
    (error: unknown) => log.warn({ err: error }, 'sweeping unfinished uploads failed'),
  );
  return {
    app,
    ctx,
    async close() {
      await queue.stop();
      await app.close();
      await hub.close();
      if (!options.db) await db.close();
    },
  };
}
