import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { SessionsRepo } from '../modules/auth/sessions.repo.ts';
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
}

export function createContext(config: Config, db: Db, mailer: Mailer, hub: RealtimeHub): AppContext {
  return {
    config,
    db,
    mailer,
    hub,
    users: new UsersRepo(db.kysely),
    sessions: new SessionsRepo(db.kysely, config.sessionTtlMs),
  };
}
