import { LocalCalendar, parseInstant, yearOf } from '@lotwise/engine/dates';
import type { EngineTransaction } from '@lotwise/engine/types';
import { yieldToRequests } from '../../jobs/yield-to-requests.ts';
import type { TxYears } from './store-results.ts';

/**
 * Tax year of each loaded row, for tagging warnings and statuses. Built with a turn for
 * waiting requests every 20,000 rows: a million at once held the server's thread about a second.
 */
export async function txYearsOf(rows: readonly EngineTransaction[], timeZone: string): Promise<TxYears> {
  const calendar = new LocalCalendar(timeZone);
  const stamps = new Map<string, string>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    stamps.set(row.id, row.timestamp);
    if (i % 20_000 === 19_999) await yieldToRequests();
  }
  return (id) => {
    const stamp = id === null ? undefined : stamps.get(id);
    const ms = stamp === undefined ? null : parseInstant(stamp);
    return ms === null ? null : yearOf(calendar.day(ms));
  };
}
