import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { defaultTaxYear } from './tax-settings.ts';

/**
 * The tax year to open after a calculation: the latest year with something to report (a
 * sale or income) up to this calendar year, else the default tax year (spec 01 §4). A
 * calculation never lands on an empty year while an earlier one has figures.
 */
export async function workingYear(
  db: Kysely<Database>,
  calcId: number | null,
  timeZone: string,
  now = new Date(),
): Promise<number> {
  const fallback = defaultTaxYear(timeZone, now);
  if (calcId === null) return fallback;
  const row = await db
    .selectFrom('tax_year_summaries')
    .select((eb) => eb.fn.max('year').as('year'))
    .where('calc_id', '=', calcId)
    .where('year', '<=', now.getUTCFullYear())
    .where((eb) => eb.or([eb('disposal_count', '>', 0), eb('income_count', '>', 0)]))
    .executeTakeFirst();
  return row?.year == null ? fallback : Number(row.year);
}
