import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bulkInsert } from '../src/db/bulk-insert.ts';
import type { Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { insertCalculation, insertUser } from './support/db-fixtures.ts';
import { DIALECTS, openTestDb } from './support/dialects.ts';

const COLUMNS = ['calc_id', 'code', 'transaction_id', 'message', 'affects', 'year'] as const;
type Warning = { code: string; txId: number | null; message: string; flagged: boolean };

for (const dialect of DIALECTS) {
  describe(`${dialect}: bulkInsert`, () => {
    let db: Db & { dispose(): Promise<void> };
    let calcId: number;

    beforeEach(async () => {
      db = await openTestDb(dialect);
      await migrateToLatest(db);
      calcId = await insertCalculation(db.kysely, await insertUser(db.kysely));
    });
    afterEach(() => db.dispose());

    const target = () => ({ db: db.kysely, sqlite: db.sqlite });
    const warnings = (n: number): Warning[] =>
      Array.from({ length: n }, (_, i) => ({
        code: i % 2 ? 'missing_price' : 'bad_amount',
        txId: i % 3 ? i : null,
        message: `row ${i}: it's "odd"`,
        flagged: i % 5 === 0,
      }));
    const cells = (w: Warning) => [calcId, w.code, w.txId, w.message, w.flagged ? '["income"]' : null, 2024];
    const stored = () =>
      db.kysely
        .selectFrom('tax_warnings')
        .select(['code', 'transaction_id', 'message', 'affects', 'year'])
        .orderBy('id')
        .execute();

    it('writes every row in order, across several chunks, with its nulls and text as given', async () => {
      const input = warnings(4_321);
      await bulkInsert(target(), 'tax_warnings', COLUMNS, input, cells);
      const rows = await stored();
      expect(rows).toHaveLength(4_321);
      expect(rows[0]).toEqual({
        code: 'bad_amount',
        transaction_id: null,
        message: `row 0: it's "odd"`,
        affects: '["income"]',
        year: 2024,
      });
      expect(rows[4_320]).toEqual({
        code: 'bad_amount',
        transaction_id: null,
        message: `row 4320: it's "odd"`,
        affects: '["income"]',
        year: 2024,
      });
      expect(rows.map((r) => r.transaction_id)).toEqual(input.map((w) => w.txId));
    });

    it('stores text with tabs, line breaks, backslashes and \\N as given (COPY text escaping)', async () => {
      const tricky = [
        'a\tb',
        'line 1\nline 2\r\n',
        'C:\\path\\N',
        '\\N',
        '',
        'naïve € 🚀',
        '"quoted", \'single\'',
      ];
      await bulkInsert(
        target(),
        'tax_warnings',
        COLUMNS,
        tricky.map((message, i) => ({ code: 'x', txId: i, message, flagged: i === 0 })),
        cells,
      );
      const rows = await stored();
      expect(rows.map((r) => r.message)).toEqual(tricky);
      expect(rows.map((r) => r.affects)).toEqual(tricky.map((_, i) => (i === 0 ? '["income"]' : null)));
    });

    // One COPY per call on PostgreSQL; SQLite writes in chunks of its own (each its own transaction).
    it.runIf(dialect === 'postgres')(
      "a row the table refuses stores none of the call's rows, and the pool stays usable",
      async () => {
        const input = warnings(3_000);
        // No code: the NOT NULL column refuses the last row (on PostgreSQL the table has no
        // foreign key to refuse a calc_id with: migration 000053).
        const bad = (w: Warning) => [
          calcId,
          w === input[2_999] ? null : w.code,
          w.txId,
          w.message,
          null,
          2024,
        ];
        await expect(bulkInsert(target(), 'tax_warnings', COLUMNS, input, bad)).rejects.toThrow();
        expect(await stored()).toHaveLength(0);
        await bulkInsert(target(), 'tax_warnings', COLUMNS, warnings(10), cells);
        expect(await stored()).toHaveLength(10);
      },
    );

    it("inside the caller's transaction, its rows go when that transaction rolls back", async () => {
      await db.kysely
        .transaction()
        .execute(async (trx) => {
          await bulkInsert(
            { ...target(), db: trx, inTransaction: true },
            'tax_warnings',
            COLUMNS,
            warnings(2_500),
            cells,
          );
          expect(await trx.selectFrom('tax_warnings').select('id').execute()).toHaveLength(2_500);
          throw new Error('roll back');
        })
        .catch(() => {});
      expect(await stored()).toHaveLength(0);
    });

    it("outside one, its rows are its own: another request's transaction rolling back meanwhile keeps them", async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted = () => {};
      const started = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      // Another request: a transaction that writes a row, waits, then fails.
      const other = db.kysely
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('tax_warnings')
            .values({
              calc_id: calcId,
              code: 'other',
              transaction_id: null,
              message: 'x',
              affects: null,
              year: null,
            })
            .execute();
          inserted();
          await held;
          throw new Error('roll back');
        })
        .catch(() => {});
      await started;
      const writing = bulkInsert(target(), 'tax_warnings', COLUMNS, warnings(3_000), cells);
      // Let the bulk write reach the database while the other transaction is still open.
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await Promise.all([other, writing]);
      const rows = await stored();
      expect(rows).toHaveLength(3_000);
      expect(rows.some((r) => r.code === 'other')).toBe(false);
    });
  });
}
