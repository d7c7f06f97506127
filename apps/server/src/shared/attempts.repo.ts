import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { hashToken } from './tokens.ts';

export interface AuthAttemptsTable {
  /** sha256 of the bucket's name (`login:<e-mail>`, `mfa:<user id>`…): no address is stored. */
  bucket: string;
  attempts: number;
  window_ends_at: string;
}

declare module '../db/schema.ts' {
  interface Database {
    auth_attempts: AuthAttemptsTable;
  }
}

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

export interface Limit {
  /** What is counted: an account, a client address, a user's codes. */
  bucket: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters in the database (migration 000036), for the limits that must hold
 * across client addresses, server processes and parallel requests: each `take` is one
 * INSERT … ON CONFLICT DO UPDATE … RETURNING, so two requests never read the same count.
 * An attempt is counted before it is judged (so parallel guesses cannot all slip under the
 * limit) and given back when it turns out to be a success that should not count.
 */
export class AttemptsRepo {
  private lastSweep = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** Counts one attempt; answers false when it is over the limit (then nothing may be judged). */
  async take(limit: Limit): Promise<boolean> {
    const now = Date.now();
    await this.sweep(now);
    const nowIso = new Date(now).toISOString();
    const ends = new Date(now + limit.windowMs).toISOString();
    const expired = sql<boolean>`auth_attempts.window_ends_at <= ${nowIso}`;
    const row = await this.db
      .insertInto('auth_attempts')
      .values({ bucket: hashToken(limit.bucket), attempts: 1, window_ends_at: ends })
      .onConflict((oc) =>
        oc.column('bucket').doUpdateSet({
          attempts: sql<number>`case when ${expired} then 1 else auth_attempts.attempts + 1 end`,
          window_ends_at: sql<string>`case when ${expired} then ${ends} else auth_attempts.window_ends_at end`,
        }),
      )
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return Number(row.attempts) <= limit.max;
  }

  /** `take`, refusing with 429 over the limit. */
  async takeOrRefuse(limit: Limit): Promise<void> {
    if (!(await this.take(limit))) throw new AppError('rate_limited', TOO_MANY_ATTEMPTS);
  }

  /** Gives one attempt back (it succeeded, and only failures count). */
  async giveBack(bucket: string): Promise<void> {
    await this.db
      .updateTable('auth_attempts')
      .set({ attempts: sql<number>`attempts - 1` })
      .where('bucket', '=', hashToken(bucket))
      .where('attempts', '>', 0)
      .execute();
  }

  /** Ended windows are deleted now and then (at most once a minute per process). */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    await this.db
      .deleteFrom('auth_attempts')
      .where('window_ends_at', '<', new Date(now).toISOString())
      .execute();
  }
}
