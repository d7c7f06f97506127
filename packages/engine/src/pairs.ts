import { rankOf } from './classify.ts';
import type { LocalCalendar } from './dates.ts';
import { yearOf } from './dates.ts';
import type { PreparedRow } from './events.ts';
import type { EngineWarning } from './types.ts';

const OUT_HALF = new Set(['transfer_out', 'stake_lock']);
const IN_HALF = new Set(['transfer_in', 'stake_return']);
const NEEDS_PARTNER = new Set(['self_transfer', 'swap']);

/**
 * Joins the two halves of a self-transfer / rebrand / staking move (same pairId: one
 * sent-only row, one received-only row) into one 'pair' event, placed at the earlier of
 * the two instants so the destination never waits for units that already left.
 * Anything else with a pairId, and classified halves without one, become warnings and
 * are processed on their own.
 */
export function pairHalves(
  events: PreparedRow[],
  calendar: LocalCalendar,
  warn: (warning: EngineWarning) => void,
): PreparedRow[] {
  const groups = new Map<string, PreparedRow[]>();
  for (const event of events) {
    const pairId = event.tx.pairId;
    if (typeof pairId !== 'string' || pairId === '') continue;
    const group = groups.get(pairId);
    if (group) group.push(event);
    else groups.set(pairId, [event]);
  }
  const consumed = new Set<PreparedRow>();
  const matched = new Set<PreparedRow>();
  for (const [pairId, group] of groups) {
    const out = group.find((e) => OUT_HALF.has(e.op));
    const into = group.find((e) => IN_HALF.has(e.op));
    if (group.length !== 2 || out === undefined || into === undefined) {
      for (const event of group) {
        warn({
          code: 'bad_pair',
          txId: event.id,
          message: `Pair ${pairId} must be one outgoing and one incoming row but has ${group.length} row(s) (${group.map((e) => e.id).join(', ')}); transaction ${event.id} is treated on its own.`,
        });
      }
      continue;
    }
    if (into.ms < out.ms) {
      out.ms = into.ms;
      out.day = calendar.day(into.ms);
      out.year = yearOf(out.day);
    }
    out.index = Math.min(out.index, into.index);
    out.op = 'pair';
    out.rank = rankOf('pair');
    out.partner = into;
    consumed.add(into);
    matched.add(out);
  }
  for (const event of events) {
    if (matched.has(event) || consumed.has(event)) continue;
    if (
      NEEDS_PARTNER.has(event.tx.classification ?? '') &&
      (OUT_HALF.has(event.op) || IN_HALF.has(event.op))
    ) {
      const direction = OUT_HALF.has(event.op) ? 'outgoing' : 'incoming';
      warn({
        code: 'unmatched_transfer',
        txId: event.id,
        message: `Transaction ${event.id} is the ${direction} half of a ${event.tx.classification} with no matching ${direction === 'outgoing' ? 'incoming' : 'outgoing'} row; treated as an external ${direction === 'outgoing' ? 'withdrawal' : 'deposit'}.`,
      });
    }
  }
  return consumed.size === 0 ? events : events.filter((event) => !consumed.has(event));
}
