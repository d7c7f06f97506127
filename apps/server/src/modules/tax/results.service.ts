import type { Kysely } from 'kysely';
import type { Database, TaxCalculationRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { storedReportModel } from './report-model.ts';
import { TaxResultsRepo } from './tax-results.repo.ts';
import { TaxYearRepo } from './tax-year.repo.ts';

/**
 * What the other modules (review, broker forms, the accountant's client list) read of the
 * stored calculations: the latest complete one, its years and missing prices, a year's
 * disposals. Writing them stays inside the tax module.
 */
export type TaxResults = Pick<TaxResultsRepo, 'latestComplete' | 'yearSummaries' | 'missingPriceCounts'>;

/** The 404 of a year's figures (its page, disposals, reports, tie-out) before any calculation finished. */
export const noTaxResults = (year: number) =>
  new AppError('not_found', `No tax results for ${year} yet: run the tax calculation first.`);

export function taxResults(...args: ConstructorParameters<typeof TaxResultsRepo>): TaxResults {
  return new TaxResultsRepo(...args);
}

/** A year's disposals of calculation `calcId`, each with its stored id. */
export function disposalsWithIds(db: Kysely<Database>, calcId: number, year: number) {
  return new TaxYearRepo(db).disposalsWithIds(calcId, year);
}

/** What calculation `calcId` held at the end of `year` (its lots at the next 1 January). */
export function holdingsAtYearEnd(db: Kysely<Database>, calcId: number, year: number) {
  return new TaxYearRepo(db).holdingsAtYearEnd(calcId, year);
}

/** A year's report model of calculation `calc` (no holdings), as the downloads build it. */
export function yearReportModel(db: Kysely<Database>, user: UserRow, calc: TaxCalculationRow, year: number) {
  return storedReportModel(new TaxYearRepo(db), user, calc, year, false);
}

export { staleness } from './staleness.ts';
