import { ymdString } from '@lotwise/engine/dates';
import type { Checkpoint } from '@lotwise/engine/types';
import type { HoldingRow } from '@lotwise/reports/model';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The open lots at the end of a tax year: the lot state stored at the next 1 January (the
 * incremental calculation's checkpoints), in the engine's holdings order. Null when the
 * calculation has no state for that day; after the last one the final holdings apply.
 */
export async function yearEndHoldings(
  db: Kysely<Database>,
  calcId: number,
  year: number,
): Promise<HoldingRow[] | null> {
  const row = await db
    .selectFrom('tax_checkpoints')
    .select('state')
    .where('calc_id', '=', calcId)
    .where('year', '=', year + 1)
    .executeTakeFirst();
  if (!row) return null;
  const state = JSON.parse(row.state) as Checkpoint;
  const lots = state.lots.filter((lot) => !/^-?0(\.0*)?$/.test(lot.amount));
  lots.sort(
    (a, b) =>
      (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0) ||
      (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0) ||
      a.acquiredMs - b.acquiredMs ||
      a.seq - b.seq,
  );
  return lots.map((lot) => ({
    wallet: lot.wallet,
    asset: lot.asset,
    amount: lot.amount,
    costBasis: lot.costBasis,
    acquiredAt: ymdString(lot.acquiredDay),
    lotId: lot.lotId,
  }));
}

/** The stored year starts of a calculation: first and last year, or null without any. */
export async function checkpointSpan(db: Kysely<Database>, calcId: number): Promise<[number, number] | null> {
  const row = await db
    .selectFrom('tax_checkpoints')
    .select([(eb) => eb.fn.min('year').as('first'), (eb) => eb.fn.max('year').as('last')])
    .where('calc_id', '=', calcId)
    .executeTakeFirst();
  return row?.first != null && row.last != null ? [Number(row.first), Number(row.last)] : null;
}
