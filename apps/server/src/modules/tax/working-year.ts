import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { defaultTaxYear } from './tax-settings.ts';

/**
 * The tax year to open: the latest year with something to report (a sale or income) up to
 * this calendar year; before a calculation or without either, the latest year with any of the
 * user's transactions; else the default tax year (spec 01 §4). Neither a calculation nor the
 * year picker lands on an empty year while an earlier one has activity (issue 35).
 */
export async function workingYear(
  db: Kysely<Database>,
  calcId: number | null,
  user: { id: number; timezone: string },
  now = new Date(),
): Promise<number> {
  const fallback = async () =>
    (await latestActivityYear(db, user.id, now)) ?? defaultTaxYear(user.timezone, now);
  if (calcId === null) return fallback();
  const row = await db
    .selectFrom('tax_year_summaries')
    .select((eb) => eb.fn.max('year').as('year'))
    .where('calc_id', '=', calcId)
    .where('year', '<=', now.getUTCFullYear())
    .where((eb) => eb.or([eb('disposal_count', '>', 0), eb('income_count', '>', 0)]))
    .executeTakeFirst();
  return row?.year == null ? fallback() : Number(row.year);
}

/** The calendar year of the user's latest transaction up to this year; null without any. */
async function latestActivityYear(db: Kysely<Database>, userId: number, now: Date): Promise<number | null> {
  const row = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.max('timestamp').as('last'))
    .where('user_id', '=', userId)
    .where('timestamp', '<', `${now.getUTCFullYear() + 1}-01-01`)
    .executeTakeFirst();
  return row?.last ? Number(String(row.last).slice(0, 4)) : null;
}
