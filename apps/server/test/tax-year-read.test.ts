import type { CalculationResult, DisposalLine, IncomeLine } from '@lotwise/engine/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { insertResults } from '../src/modules/tax/store-results.ts';
import { TaxYearRepo } from '../src/modules/tax/tax-year.repo.ts';
import { insertCalculation, insertUser } from './support/db-fixtures.ts';
import { DIALECTS, openTestDb } from './support/dialects.ts';

const disposal = (i: number, year: number): DisposalLine => ({
  txId: String(i + 1),
  asset: i % 2 ? 'ETH' : 'BTC',
  amount: `${i}.5`,
  acquiredAt: `${year - 1}-03-01`,
  disposedAt: `${year}-06-01`,
  disposedTimestamp: `${year}-06-01T12:00:00.000Z`,
  proceeds: `${i * 3}.25`,
  costBasis: `${i}.75`,
  gain: `${i * 2}.5`,
  term: i % 3 ? 'short' : 'long',
  category: 'sale',
  taxable: true,
  wallet: 'Coinbase',
  lots: [
    {
      lotId: `${i}:in`,
      acquiredAt: `${year - 1}-03-01`,
      acquiredTimestamp: `${year - 1}-03-01T00:00:00.000Z`,
      amount: `${i}.5`,
      costBasis: `${i}.75`,
    },
  ],
  ...(i % 7 === 0 ? { sellWithoutBuy: '0.5', missingPrice: true } : {}),
});

const income = (i: number, year: number): IncomeLine => ({
  txId: String(i + 1),
  asset: 'SOL',
  amount: `${i}.125`,
  value: `${i}.5`,
  receivedAt: `${year}-02-02`,
  receivedTimestamp: `${year}-02-02`,
  category: 'staking',
  wallet: 'Kraken',
});

function result(
  years: Record<string, { disposals: DisposalLine[]; incomeLines: IncomeLine[] }>,
): CalculationResult {
  const out: CalculationResult['years'] = {};
  for (const [year, lines] of Object.entries(years))
    out[year] = {
      proceeds: '1',
      costBasis: '1',
      shortTermGain: '0',
      longTermGain: '0',
      income: '0',
      ...lines,
    };
  return { years: out, holdings: [], warnings: [], statuses: [], allocation: null, checkpoints: [] };
}

/** Reports read a whole year: in chunks of 5,000 lines, each back exactly as the engine gave it. */
for (const dialect of DIALECTS) {
  describe(`${dialect}: reading a whole stored year`, () => {
    let db: Db & { dispose(): Promise<void> };
    beforeEach(async () => {
      db = await openTestDb(dialect);
      await migrateToLatest(db);
    });
    afterEach(() => db.dispose());

    it('gives every line of the year in the order stored, equal to what the engine gave, over several chunks', async () => {
      const calcId = await insertCalculation(db.kysely, await insertUser(db.kysely), 'complete');
      const lines2024 = Array.from({ length: 12_001 }, (_, i) => disposal(i, 2024));
      const income2024 = Array.from({ length: 5_000 }, (_, i) => income(i, 2024));
      await insertResults(
        { db: db.kysely, sqlite: db.sqlite },
        calcId,
        1,
        result({
          '2023': { disposals: [disposal(1, 2023), disposal(2, 2023)], incomeLines: [income(1, 2023)] },
          '2024': { disposals: lines2024, incomeLines: income2024 },
          '2025': { disposals: [disposal(3, 2025)], incomeLines: [] },
        }),
        () => 2024,
      );
      const repo = new TaxYearRepo(db.kysely);
      let finished = false;
      const reading = repo.disposals(calcId, 2024).then((lines) => {
        finished = true;
        return lines;
      });
      const sawProgress = new Promise<boolean>((resolve) => setTimeout(() => resolve(!finished), 0));
      const read = await reading;
      if (dialect === 'sqlite') expect(await sawProgress).toBe(true);
      expect(read).toHaveLength(12_001);
      expect(read).toEqual(lines2024);
      expect(await repo.income(calcId, 2024)).toEqual(income2024);
      expect(await repo.disposals(calcId, 2023)).toEqual([disposal(1, 2023), disposal(2, 2023)]);
    });
  });
}
