import { type PreparedRows, rowId } from './events.ts';
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
  slots: number[],
  prepared: PreparedRows,
  warn: (warning: EngineWarning) => void,
): number[] {
  const transactions = prepared.transactions;
  // pairId → its row's slot, or its rows' slots in input order once it has more than one.
  const groups = new Map<string, number | number[]>();
  for (const slot of slots) {
    // Read from prepare's mark: most rows have no pairId, and their objects are not touched.
    if (!prepared.hasPairId(slot)) continue;
    const pairId = transactions[slot]!.pairId as string;
    const group = groups.get(pairId);
    if (group === undefined) groups.set(pairId, slot);
    else if (Array.isArray(group)) group.push(slot);
    else groups.set(pairId, [group, slot]);
  }
  // Rows paired up: the outgoing half becomes the pair event (op 'pair'), the incoming half is
  // dropped from the list (consumed).
  let pairs = 0;
  for (const [pairId, entry] of groups) {
    const group = Array.isArray(entry) ? entry : [entry];
    let out = -1;
    let into = -1;
    for (const slot of group) {
      const op = prepared.op(slot);
      if (out < 0 && OUT_HALF.has(op)) out = slot;
      if (into < 0 && IN_HALF.has(op)) into = slot;
    }
    if (group.length !== 2 || out < 0 || into < 0) {
      const ids = group.map((slot) => rowId(transactions[slot]!, slot));
      for (const id of ids) {
        warn({
          code: 'bad_pair',
          txId: id,
          message: `Pair ${pairId} must be one outgoing and one incoming row but has ${group.length} row(s) (${ids.join(', ')}); transaction ${id} is treated on its own.`,
        });
      }
      continue;
    }
    prepared.pair(out, into);
    pairs++;
  }
  const kept: number[] = pairs === 0 ? slots : [];
  for (const slot of slots) {
    if (prepared.consumed(slot)) continue;
    if (pairs !== 0) kept.push(slot);
    const op = prepared.op(slot);
    if (op === 'pair' || !(OUT_HALF.has(op) || IN_HALF.has(op))) continue;
    const tx = transactions[slot]!;
    if (NEEDS_PARTNER.has(tx.classification ?? '')) {
      const id = rowId(tx, slot);
      const direction = OUT_HALF.has(op) ? 'outgoing' : 'incoming';
      warn({
        code: 'unmatched_transfer',
        txId: id,
        message: `Transaction ${id} is the ${direction} half of a ${tx.classification} with no matching ${direction === 'outgoing' ? 'incoming' : 'outgoing'} row; treated as an external ${direction === 'outgoing' ? 'withdrawal' : 'deposit'}.`,
      });
    }
  }
  return kept;
}
