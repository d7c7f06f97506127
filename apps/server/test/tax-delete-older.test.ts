import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bulkInsert } from '../src/db/bulk-insert.ts';
import type { Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { TaxResultsRepo } from '../src/modules/tax/tax-results.repo.ts';
import { insertCalculation, insertUser } from './support/db-fixtures.ts';
import { DIALECTS, openTestDb } from './support/dialects.ts';

/**
 * A finished calculation removes the user's older ones. Their results go in chunks of a few
 * thousand rows rather than one cascade (1.9 s on the server's thread for a 300k-row history).
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: deleting older calculations`, () => {
    let db: Db & { dispose(): Promise<void> };
    beforeEach(async () => {
      db = await openTestDb(dialect);
      await migrateToLatest(db);
    });
    afterEach(() => db.dispose());

    async function fill(calcId: number, warnings: number, holdings: number) {
      const target = { db: db.kysely, sqlite: db.sqlite };
      const range = (n: number) => Array.from({ length: n }, (_, i) => i);
      await bulkInsert(
        target,
        'tax_warnings',
        ['calc_id', 'code', 'transaction_id', 'message', 'affects', 'year'],
        range(warnings),
        (i) => [calcId, 'missing_price', i, `row ${i}`, null, 2024],
      );
      await bulkInsert(
        target,
        'tax_holdings',
        ['calc_id', 'wallet', 'asset', 'amount', 'cost_basis', 'acquired_at', 'lot_id'],
        range(holdings),
        (i) => [calcId, 'Coinbase', 'BTC', '1', '10', '2024-01-01', `lot-${i}`],
      );
    }
    const count = async (table: 'tax_warnings' | 'tax_holdings', calcId: number) =>
      Number(
        (
          await db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('calc_id', '=', calcId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it("removes every older calculation with all its results, in several chunks, and keeps the new one's and other users'", async () => {
      const alice = await insertUser(db.kysely, 'alice@example.com');
      const bob = await insertUser(db.kysely, 'bob@example.com');
      const oldest = await insertCalculation(db.kysely, alice, 'complete');
      const older = await insertCalculation(db.kysely, alice, 'complete');
      const bobs = await insertCalculation(db.kysely, bob, 'complete');
      const latest = await insertCalculation(db.kysely, alice, 'complete');
      await fill(oldest, 12_345, 7);
      await fill(older, 5_000, 5_001);
      await fill(bobs, 30, 3);
      await fill(latest, 40, 4);

      const repo = new TaxResultsRepo(db.kysely, db.sqlite);
      let finished = false;
      const deleting = repo.deleteOlder(alice, latest).then(() => {
        finished = true;
      });
      // A timer set now fires between chunks, not only once all 22k rows are gone.
      const sawProgress = new Promise<boolean>((resolve) => setTimeout(() => resolve(!finished), 0));
      await deleting;
      if (dialect === 'sqlite') expect(await sawProgress).toBe(true);

      for (const calc of [oldest, older]) {
        expect(await count('tax_warnings', calc)).toBe(0);
        expect(await count('tax_holdings', calc)).toBe(0);
      }
      expect([await count('tax_warnings', latest), await count('tax_holdings', latest)]).toEqual([40, 4]);
      expect([await count('tax_warnings', bobs), await count('tax_holdings', bobs)]).toEqual([30, 3]);
      const left = await db.kysely.selectFrom('tax_calculations').select('id').orderBy('id').execute();
      expect(left.map((c) => c.id)).toEqual([bobs, latest]);
    });
  });
}
