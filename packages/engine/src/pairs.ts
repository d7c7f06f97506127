import { rankOf } from './classify.ts';
import type { PreparedRow } from './events.ts';
import type { EngineWarning } from './types.ts';

const OUT_HALF = new Set(['transfer_out', 'stake_lock']);
const IN_HALF = new Set(['transfer_in', 'stake_return']);
const NEEDS_PARTNER = new Set(['self_transfer', 'swap', 'switch_trade']);

/**
 * Joins the two halves of a self-transfer / rebrand / switch trade / staking move (same pairId: one
 * sent-only row, one received-only row) into one 'pair' event, placed at the earlier of
 * the two instants so the destination never waits for units that already left.
 * Anything else with a pairId, and classified halves without one, become warnings and
 * are processed on their own.
 */
export function pairHalves(
  events: PreparedRow[],
  instants: Float64Array,
  warn: (warning: EngineWarning) => void,
): PreparedRow[] {
  // pairId → its row, or its rows in input order once it has more than one.
  const groups = new Map<string, PreparedRow | PreparedRow[]>();
  for (const event of events) {
    const pairId = event.tx.pairId;
    if (typeof pairId !== 'string' || pairId === '') continue;
    const group = groups.get(pairId);
    if (group === undefined) groups.set(pairId, event);
    else if (Array.isArray(group)) group.push(event);
    else groups.set(pairId, [group, event]);
  }
  // Rows paired up: the outgoing half becomes the pair event (op 'pair'), the incoming half is
  // dropped from the list (consumed).
  let pairs = 0;
  for (const [pairId, entry] of groups) {
    const group = Array.isArray(entry) ? entry : [entry];
    let out: PreparedRow | undefined;
    let into: PreparedRow | undefined;
    for (const e of group) {
      if (out === undefined && OUT_HALF.has(e.op)) out = e;
      if (into === undefined && IN_HALF.has(e.op)) into = e;
    }
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
    if (instants[into.slot]! < instants[out.slot]!) instants[out.slot] = instants[into.slot]!;
    out.index = Math.min(out.index, into.index);
    out.op = 'pair';
    out.rank = rankOf('pair');
    out.partner = into;
    into.consumed = true;
    pairs++;
  }
  const kept: PreparedRow[] = pairs === 0 ? events : [];
  for (const event of events) {
    if (event.consumed) continue;
    if (pairs !== 0) kept.push(event);
    if (event.op === 'pair') continue;
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
  return kept;
}
