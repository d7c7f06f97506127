import { parseMethodOption } from '@lotwise/engine/schedule';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import type { TaxSettings } from './tax-settings.ts';

/** Why the latest results no longer match, and from which tax year on they are out of date. */
export interface Staleness {
  stale: boolean;
  /** Each reason once, for people: "You changed the lot method to HIFO from 2024 on." */
  reasons: string[];
  /** The first out-of-date year (every later year too); null when stale from the start. */
  fromYear: number | null;
}

const FRESH: Staleness = { stale: false, reasons: [], fromYear: null };
const MARKED = 'stale:';

/** A calculation's input version: `${rows}|${settings JSON}|${user prices}` (tax.service.ts). */
function parts(version: string): { rows: string; settings: TaxSettings | null; prices: string } {
  const first = version.indexOf('|');
  const last = version.lastIndexOf('|');
  if (first < 0 || last <= first) return { rows: version, settings: null, prices: '' };
  let settings: TaxSettings | null = null;
  try {
    settings = JSON.parse(version.slice(first + 1, last)) as TaxSettings;
  } catch {
    settings = null;
  }
  return { rows: version.slice(0, first), settings, prices: version.slice(last + 1) };
}

/** The lot method a method text ("hifo", "2023:fifo,2024:hifo") gives a year. */
export function methodForYear(text: string, year: number): string {
  const parsed = parseMethodOption(text);
  if ('error' in parsed) return text;
  if (typeof parsed.method === 'string') return parsed.method;
  let found = parsed.method[0]?.method ?? 'fifo';
  for (const entry of parsed.method) if (entry.fromYear <= year) found = entry.method;
  return found;
}

const FIRST_YEAR = 1990;
const LAST_YEAR = 2100;

function firstMethodChange(before: string, after: string): number | null {
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
    if (methodForYear(before, year) !== methodForYear(after, year)) return year;
  }
  return null;
}

const yearOf = (day: string | null | undefined) => (day ? Number(day.slice(0, 4)) : null);

/**
 * Compares the latest finished calculation's inputs with today's: which of the transactions,
 * the tax settings and the user's own prices changed, said for people, and the first tax
 * year the change reaches (a method chosen for 2024 leaves 2023 as it was).
 */
export async function staleness(
  ctx: AppContext,
  user: UserRow,
  calc: { input_version: string; created_at: string; finished_at: string | null },
  version: string,
): Promise<Staleness> {
  if (calc.input_version === version) return FRESH;
  if (calc.input_version.startsWith(MARKED)) {
    return { stale: true, reasons: ['The results were marked as not calculated.'], fromYear: null };
  }
  const before = parts(calc.input_version);
  const now = parts(version);
  const reasons: string[] = [];
  const years: Array<number | null> = [];
  if (before.rows !== now.rows) {
    reasons.push('Your transactions changed since the last calculation.');
    years.push(await earliestChangedRow(ctx.db.kysely, user.id, calc.created_at, before.rows, now.rows));
  }
  const was = before.settings;
  const is = now.settings;
  if (was && is) {
    if (was.method !== is.method) {
      const from = firstMethodChange(was.method, is.method);
      const method = from === null ? is.method : methodForYear(is.method, from);
      reasons.push(
        from === null
          ? 'You changed the lot method.'
          : `You changed the lot method to ${method.toUpperCase()} from ${from} on.`,
      );
      years.push(from);
    }
    if (was.basis !== is.basis) {
      reasons.push('You changed how the method is applied (universal, per wallet).');
      years.push(null);
    }
    if (was.allocation_rule !== is.allocation_rule) {
      reasons.push('You chose another Safe Harbor allocation rule.');
      years.push(2025);
    }
    if (was.timezone !== is.timezone || was.currency !== is.currency) {
      reasons.push('You changed your time zone or currency.');
      years.push(null);
    }
  } else if (before.settings === null) {
    reasons.push('Your tax settings changed.');
    years.push(null);
  }
  if (before.prices !== now.prices) {
    reasons.push('Your prices changed: a price file was loaded or removed.');
    const day = await ctx.prices.repo.earliestChangedDay(user.id, calc.finished_at ?? calc.created_at);
    // A removed file leaves nothing to date: every year.
    years.push(yearOf(day));
  }
  if (reasons.length === 0) reasons.push('Your transactions or settings changed since the last calculation.');
  const fromYear = years.length === 0 || years.includes(null) ? null : Math.min(...(years as number[]));
  return { stale: true, reasons, fromYear };
}

/**
 * The year of the earliest row added or changed since `since`; null when a row was deleted
 * (its year is gone with it) or none is found.
 */
async function earliestChangedRow(
  db: Kysely<Database>,
  userId: number,
  since: string,
  before: string,
  now: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('transactions')
    .select((eb) => [
      eb.fn.min('timestamp').as('first'),
      eb.fn.countAll<number>().filterWhere('created_at', '>', since).as('added'),
    ])
    .where('user_id', '=', userId)
    .where('updated_at', '>', since)
    .executeTakeFirst();
  const count = (version: string) => Number(version.split(':')[0]);
  if (count(now) - count(before) !== Number(row?.added ?? 0)) return null;
  return yearOf(row?.first ? String(row.first) : null);
}
