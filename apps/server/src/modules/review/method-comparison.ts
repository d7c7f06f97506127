import { parseMethodOption } from '@lotwise/engine/schedule';
import type { LotMethodName, MethodSchedule } from '@lotwise/engine/types';
import { plain, sum, toCents } from '@lotwise/reports/money';
import { printedTotals } from '@lotwise/reports/totals';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import {
  engineOptions,
  loadEngineInput,
  priceRows,
  runEngineInWorker,
  settingsOf,
} from '../tax/engine.service.ts';

export const METHODS: readonly LotMethodName[] = ['fifo', 'lifo', 'hifo', 'lofo'];

/** The user's method list as a schedule (a single method applies from the start). */
export function scheduleOf(text: string): MethodSchedule {
  const parsed = parseMethodOption(text);
  if ('error' in parsed) return [{ fromYear: 0, method: 'fifo' }];
  return typeof parsed.method === 'string' ? [{ fromYear: 0, method: parsed.method }] : parsed.method;
}

/** The schedule with `method` from `year` on; earlier years keep theirs. */
export function withMethodFrom(
  schedule: MethodSchedule,
  year: number,
  method: LotMethodName,
): MethodSchedule {
  const before = schedule.filter((e) => e.fromYear < year);
  return [
    ...(before.length > 0 ? before : [{ fromYear: 0, method: schedule[0]?.method ?? 'fifo' }]),
    { fromYear: year, method },
  ];
}

/** "2020:fifo,2024:hifo" (a single method when one entry covers everything). */
export function scheduleText(schedule: MethodSchedule): string {
  const merged: Array<{ fromYear: number; method: LotMethodName }> = [];
  for (const e of schedule) if (merged.at(-1)?.method !== e.method) merged.push({ ...e });
  if (merged.length === 1) return merged[0]!.method;
  // The first entry also covers every earlier year, so "from the start" may be written as
  // the year before the next entry.
  return merged
    .map((e, i) => `${e.fromYear === 0 ? merged[i + 1]!.fromYear - 1 : e.fromYear}:${e.method}`)
    .join(',');
}

/**
 * One tax year under each lot method, side by side (SelectLifoFifo): the user's data and
 * prices, earlier years under the user's own method list, then the method from that year on.
 * Figures are rounded the way every report prints them.
 */
export async function compareMethods(ctx: AppContext, user: UserRow, year: number) {
  const settings = settingsOf(user);
  const rows = await loadEngineInput(ctx.db.kysely, user.id);
  const { table } = await priceRows(ctx.prices, rows, {
    currency: settings.currency,
    userId: user.id,
    progress: async () => {},
  });
  const schedule = scheduleOf(settings.method);
  const methods = [];
  for (const method of METHODS) {
    const result = await runEngineInWorker(
      rows,
      { ...engineOptions(settings), method: withMethodFrom(schedule, year, method) },
      false,
      table,
    );
    const y = result.years[String(year)];
    const printed = printedTotals({ disposals: y?.disposals ?? [], income: y?.incomeLines ?? [] });
    methods.push({
      method,
      proceeds: printed.proceeds,
      cost_basis: printed.costBasis,
      short_term_gain: printed.shortTermGain,
      long_term_gain: printed.longTermGain,
      income: printed.income,
      net_gain: plain(sum([toCents(printed.shortTermGain), toCents(printed.longTermGain)])),
    });
  }
  return { year, currency: settings.currency, current: settings.method, methods };
}
