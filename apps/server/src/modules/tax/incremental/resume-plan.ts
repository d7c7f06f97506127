import { matchTransfers } from '@lotwise/engine/transfer-matching';
import type { Checkpoint, EngineTransaction } from '@lotwise/engine/types';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { loadEngineInput } from '../engine-input.ts';
import type { YearStart } from './fingerprint.ts';

/** Where a calculation can start instead of from the first transaction. */
export interface ResumePlan {
  /** The complete calculation whose results before `start` stay. */
  calcId: number;
  start: YearStart;
  checkpoint: Checkpoint;
  /** Transfer pairs found over the whole history, for the rows from `start` on. */
  autoPairs: Map<string, string>;
  /** Stored year starts up to `start` (their states stay valid). */
  keptYears: number[];
}

/** Pairs found over all the deposits and withdrawals: row id → pair id. */
export async function autoTransferPairs(db: Kysely<Database>, userId: number) {
  const candidates = await loadEngineInput(db, userId, { transferCandidates: true });
  const pairs = new Map<string, string>();
  const halves = new Map<string, string[]>();
  for (const tx of matchTransfers(candidates)) {
    if (!tx.pairId?.startsWith('auto:')) continue;
    pairs.set(tx.id, tx.pairId);
    halves.set(tx.pairId, [...(halves.get(tx.pairId) ?? []), tx.timestamp]);
  }
  return { pairs, spans: [...halves.values()] };
}

/** Time spans of the user's own pairs (pair dialogs): a pair is handled as one event. */
async function explicitPairSpans(db: Kysely<Database>, userId: number): Promise<string[][]> {
  const rows = await db
    .selectFrom('transactions')
    .select([(eb) => eb.fn.min('timestamp').as('first'), (eb) => eb.fn.max('timestamp').as('last')])
    .where('user_id', '=', userId)
    .where('pair_id', 'is not', null)
    .groupBy('pair_id')
    .execute();
  return rows.map((r) => [String(r.first), String(r.last)]);
}

/** The previous calculation's stored year starts made with the same settings, latest first. */
export function storedStarts(db: Kysely<Database>, calcId: number, key: string) {
  return db
    .selectFrom('tax_checkpoints')
    .select(['year', 'fingerprint'])
    .where('calc_id', '=', calcId)
    .where('basis_key', '=', key)
    .orderBy('year', 'desc')
    .execute();
}

/**
 * The latest stored year start of the previous calculation whose earlier rows are unchanged
 * (same fingerprint now) and that no pair straddles (both halves of a pair must be on the
 * same side); null when none fits (then everything is recalculated).
 */
export async function planResume(
  db: Kysely<Database>,
  userId: number,
  previousId: number,
  stored: ReadonlyArray<{ year: number; fingerprint: string }>,
  starts: readonly YearStart[],
  now: Map<number, string>,
): Promise<ResumePlan | null> {
  const unchanged = stored.filter((s) => now.get(s.year) === s.fingerprint);
  if (unchanged.length === 0) return null;
  const [auto, explicit] = await Promise.all([autoTransferPairs(db, userId), explicitPairSpans(db, userId)]);
  const spans = [...auto.spans, ...explicit];
  for (const candidate of unchanged) {
    const start = starts.find((s) => s.year === candidate.year)!;
    if (spans.some((span) => straddles(span, start.from))) continue;
    const row = await db
      .selectFrom('tax_checkpoints')
      .select('state')
      .where('calc_id', '=', previousId)
      .where('year', '=', candidate.year)
      .executeTakeFirstOrThrow();
    return {
      calcId: previousId,
      start,
      checkpoint: JSON.parse(row.state) as Checkpoint,
      autoPairs: auto.pairs,
      keptYears: stored.map((s) => s.year).filter((y) => y <= candidate.year),
    };
  }
  return null;
}

function straddles(timestamps: string[], from: string): boolean {
  return timestamps.some((t) => t < from) && timestamps.some((t) => t >= from);
}

/** The rows from the resume point with the transfer pairs found over the whole history. */
export function withAutoPairs(rows: EngineTransaction[], pairs: Map<string, string>): EngineTransaction[] {
  return rows.map((tx) => {
    const pairId = pairs.get(tx.id);
    return pairId ? { ...tx, classification: 'self_transfer', pairId } : tx;
  });
}
