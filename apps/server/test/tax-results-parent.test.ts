import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BulkTarget, bulkInsert } from '../src/db/bulk-insert.ts';
import type { Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { insertCalculation, insertUser } from './support/db-fixtures.ts';
import { DIALECTS, openTestDb } from './support/dialects.ts';

const TABLES = [
  'tax_disposals',
  'tax_income',
  'tax_holdings',
  'tax_warnings',
  'tax_transaction_status',
] as const;

/**
 * On PostgreSQL the big result tables have no foreign key to their calculation (migration
 * 000053: its per-row check was most of a large store); a trigger deletes them with their
 * calculation and each write locks the calculation's row once. On SQLite the key stays. Either
 * way: results go with their calculation or its user, and none are written for one that is gone.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: result rows and their calculation`, () => {
    let db: Db & { dispose(): Promise<void> };
    beforeEach(async () => {
      db = await openTestDb(dialect);
      await migrateToLatest(db);
    });
    afterEach(() => db.dispose());

    async function fill(calcId: number, userId: number, n: number, target: BulkTarget) {
      const range = Array.from({ length: n }, (_, i) => i);
      await bulkInsert(
        target,
        'tax_disposals',
        [
          'calc_id',
          'year',
          'transaction_id',
          'asset',
          'amount',
          'acquired_at',
          'disposed_at',
          'disposed_timestamp',
          'proceeds',
          'cost_basis',
          'gain',
          'term',
          'category',
          'taxable',
          'wallet',
          'lots',
        ],
        range,
        (i) => [
          calcId,
          2024,
          i,
          'BTC',
          '1',
          '2024-01-01',
          '2024-02-01',
          '2024-02-01T00:00:00.000Z',
          '10',
          '5',
          '5',
          'short',
          'sale',
          true,
          'Coinbase',
          '[]',
        ],
      );
      await bulkInsert(
        target,
        'tax_income',
        [
          'calc_id',
          'year',
          'transaction_id',
          'asset',
          'amount',
          'value',
          'received_at',
          'category',
          'wallet',
        ],
        range,
        (i) => [calcId, 2024, i, 'ETH', '1', '2', '2024-03-01', 'staking', 'Coinbase'],
      );
      await bulkInsert(
        target,
        'tax_holdings',
        ['calc_id', 'wallet', 'asset', 'amount', 'cost_basis', 'acquired_at', 'lot_id'],
        range,
        (i) => [calcId, 'Coinbase', 'BTC', '1', '10', '2024-01-01', `lot-${i}`],
      );
      await bulkInsert(
        target,
        'tax_warnings',
        ['calc_id', 'code', 'transaction_id', 'message', 'affects', 'year'],
        range,
        (i) => [calcId, 'missing_price', i, `row ${i}`, null, 2024],
      );
      await bulkInsert(
        target,
        'tax_transaction_status',
        ['calc_id', 'user_id', 'transaction_id', 'status', 'year'],
        range,
        (i) => [calcId, userId, i, 'error', 2024],
      );
    }
    const counts = async (calcId: number) =>
      Promise.all(
        TABLES.map(async (table) =>
          Number(
            (
              await db.kysely
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .where('calc_id', '=', calcId)
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );

    it('deleting a calculation, or its user, deletes its results and no one else’s', async () => {
      const alice = await insertUser(db.kysely, 'alice@example.com');
      const bob = await insertUser(db.kysely, 'bob@example.com');
      const first = await insertCalculation(db.kysely, alice, 'complete');
      const second = await insertCalculation(db.kysely, alice, 'complete');
      const bobs = await insertCalculation(db.kysely, bob, 'complete');
      for (const [calc, user] of [
        [first, alice],
        [second, alice],
        [bobs, bob],
      ] as const)
        await fill(calc, user, 3, {
          db: db.kysely,
          sqlite: db.sqlite,
          parent: { table: 'tax_calculations', id: calc },
        });
      expect(await counts(first)).toEqual([3, 3, 3, 3, 3]);
      if (dialect === 'postgres') {
        const keys = await sql<{ n: number }>`select count(*)::int as n from pg_constraint
          where contype = 'f' and confrelid = 'tax_calculations'::regclass
            and conrelid::regclass::text in ('tax_disposals', 'tax_income', 'tax_holdings', 'tax_warnings', 'tax_transaction_status')`.execute(
          db.kysely,
        );
        expect(keys.rows[0]?.n).toBe(0);
      }

      await db.kysely.deleteFrom('tax_calculations').where('id', '=', first).execute();
      expect(await counts(first)).toEqual([0, 0, 0, 0, 0]);
      expect(await counts(second)).toEqual([3, 3, 3, 3, 3]);

      await db.kysely.deleteFrom('users').where('id', '=', alice).execute();
      expect(await counts(second)).toEqual([0, 0, 0, 0, 0]);
      expect(await counts(bobs)).toEqual([3, 3, 3, 3, 3]);
    });

    it('refuses to write results for a calculation that is gone, and stores none of them', async () => {
      const alice = await insertUser(db.kysely, 'alice@example.com');
      const calc = await insertCalculation(db.kysely, alice, 'running');
      await db.kysely.deleteFrom('tax_calculations').where('id', '=', calc).execute();
      await expect(
        fill(calc, alice, 5, {
          db: db.kysely,
          sqlite: db.sqlite,
          parent: { table: 'tax_calculations', id: calc },
        }),
      ).rejects.toThrow(
        dialect === 'postgres' ? `tax_disposals: tax_calculations ${calc} is gone` : /FOREIGN KEY/,
      );
      expect(await counts(calc)).toEqual([0, 0, 0, 0, 0]);
    });
  });
}
