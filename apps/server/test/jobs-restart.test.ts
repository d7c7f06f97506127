import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { createServer } from '../src/server.ts';

describe('sqlite: jobs survive a restart', () => {
  it('a job left running by a dead process runs again when the server starts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lotwise-restart-'));
    const config = { ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), webDist: undefined };
    const db = openDatabase(`sqlite:${path.join(dir, 'lotwise.db')}`);
    const mailer = { send: async () => {} };

    const first = await createServer(config, { db, mailer, logger: false });
    const now = new Date().toISOString();
    const user = await first.ctx.users.insert({
      uuid: 'u-restart',
      email: 'restart@example.com',
      password_hash: 'x',
      username: null,
      first_name: null,
      last_name: null,
      roles: 'customer',
      country_code: 'US',
      currency: 'USD',
      timezone: 'UTC',
      mfa_secret: null,
      mfa_pending_secret: null,
      bulk_edit_preference: null,
      created_at: now,
      updated_at: now,
    });
    await first.close();
    // What a crash mid-job leaves behind: a row marked running that nobody works on.
    const orphan = await db.kysely
      .insertInto('jobs')
      .values({
        user_id: user.id,
        name: 'test.echo',
        status: 'running',
        progress: 40,
        message: null,
        payload: '{"n":1}',
        result: null,
        error: null,
        dedupe_key: null,
        attempts: 1,
        created_at: now,
        started_at: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const second = await createServer(config, {
      db,
      mailer,
      logger: false,
      beforeStart: (ctx) => ctx.jobs.register('test.echo', async ({ payload }) => payload),
    });
    await second.ctx.jobs.idle();
    const job = await second.ctx.jobsRepo.find(orphan.id);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
    await second.close();
    await db.close();
  });
});
