import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { AttemptsRepo } from '../src/shared/attempts.repo.ts';
import { DIALECTS, openTestDb } from './support/dialects.ts';

/** The database counters behind the account limits (issue 29): atomic, windowed, hashed. */
for (const dialect of DIALECTS) {
  describe(`${dialect}: auth attempt counters`, () => {
    it('counts parallel takes exactly, gives back, and starts again when the window ends', async () => {
      const db = await openTestDb(dialect);
      try {
        await migrateToLatest(db);
        const repo = new AttemptsRepo(db.kysely);
        const limit = { bucket: 'login:someone@example.com', max: 7, windowMs: 60_000 };
        const taken = await Promise.all(Array.from({ length: 30 }, () => repo.take(limit)));
        expect(taken.filter(Boolean)).toHaveLength(7);

        const rows = await db.kysely.selectFrom('auth_attempts').selectAll().execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]?.attempts).toBe(30);
        expect(rows[0]?.bucket).toMatch(/^[0-9a-f]{64}$/);
        expect(JSON.stringify(rows)).not.toContain('someone');

        const short = { bucket: 'mfa:1', max: 1, windowMs: 100 };
        expect(await repo.take(short)).toBe(true);
        expect(await repo.take(short)).toBe(false);
        await repo.giveBack(short.bucket);
        await repo.giveBack(short.bucket);
        expect(await repo.take(short)).toBe(true);
        expect(await repo.take(short)).toBe(false);
        await new Promise((r) => setTimeout(r, 150));
        expect(await repo.take(short)).toBe(true);
      } finally {
        await db.dispose();
      }
    });
  });
}
