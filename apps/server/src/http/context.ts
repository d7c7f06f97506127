import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { JobsRepo } from '../jobs/jobs.repo.ts';
import type { Mailer } from '../mail/mailer.ts';
import { SessionsRepo } from '../modules/auth/sessions.repo.ts';
import { BillingService } from '../modules/billing/billing.service.ts';
import { Catalogue } from '../modules/billing/catalogue.ts';
import { PriceService } from '../modules/prices/prices.service.ts';
import { UsersRepo } from '../modules/users/users.repo.ts';
import type { RealtimeHub } from '../realtime/hub.ts';

/** What route modules need: configuration, the database, repositories and adapters. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  users: UsersRepo;
  sessions: SessionsRepo;
  hub: RealtimeHub;
  jobs: JobQueue;
  jobsRepo: JobsRepo;
  prices: PriceService;
  billing: BillingService;
}

export function createContext(
  config: Config,
  db: Db,
  mailer: Mailer,
  hub: RealtimeHub,
  jobs: { queue: JobQueue; repo: JobsRepo },
): AppContext {
  return {
    config,
    db,
    mailer,
    hub,
    jobs: jobs.queue,
    jobsRepo: jobs.repo,
    users: new UsersRepo(db.kysely),
    sessions: new SessionsRepo(
      db.kysely,
      config.sessionTtlMs,
      () => db.sideWriters.count > 0,
      (change) => hub.accessChanged(change),
    ),
    prices: new PriceService(db.kysely, config.priceEnv),
    billing: new BillingService(
      db.kysely,
      Catalogue.load(config.billing.plansFile),
      config.billing.mode === 'stripe',
    ),
  };
}
