import { isFiatCode } from '@lotwise/contracts/transactions/fiat';
import { sql } from 'kysely';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import { holdingsAtYearEnd, taxResults } from '../tax/results.service.ts';

const START_2025 = '2025-01-01';
/** Units below this are rounding dust of the exports, not a holding. */
const DUST = 1e-9;

/**
 * Whether the Safe Harbor 2025 allocation applies to the user: they held crypto at the end of
 * 2024 and have not chosen a rule (issue 35.14). Not "any transaction before 2025": an account
 * that sold everything in 2024 has nothing to allocate. After a calculation its year-end
 * holdings (the lot state at 1 January 2025) say it; before one, the units each asset's rows
 * before 2025 leave (a gate for a banner, not tax math).
 */
export async function safeHarborApplies(ctx: AppContext, user: UserRow): Promise<boolean> {
  if (user.allocation_chosen_at) return false;
  const db = ctx.db.kysely;
  const calc = await taxResults(db, ctx.db.sqlite).latestComplete(user.id);
  if (calc) {
    const held = await holdingsAtYearEnd(db, calc.id, 2024);
    return held.some((lot) => !isFiatCode(lot.asset) && !lot.amount.startsWith('-'));
  }
  return (await balancesAtEnd2024(ctx, user.id)).some(([asset, units]) => !isFiatCode(asset) && units > DUST);
}

/** Each asset's units after the user's rows before 2025 (received − sent − fees), ignored rows aside. */
async function balancesAtEnd2024(ctx: AppContext, userId: number): Promise<[string, number][]> {
  const legs = (asset: 'received' | 'sent' | 'fee', sign: 1 | -1) => sql`
    select ${sql.ref(`${asset}_asset`)} as asset,
      ${sign} * cast(${sql.ref(`${asset}_amount`)} as double precision) as units
    from transactions
    where user_id = ${userId} and timestamp < ${START_2025} and ignored = ${sql.lit(false)}
      and ${sql.ref(`${asset}_asset`)} is not null and ${sql.ref(`${asset}_amount`)} is not null`;
  const { rows } = await sql<{ asset: string; units: number | string | null }>`
    select asset, sum(units) as units from (
      ${legs('received', 1)} union all ${legs('sent', -1)} union all ${legs('fee', -1)}
    ) legs group by asset`.execute(ctx.db.kysely);
  return rows.map((r) => [r.asset, Number(r.units ?? 0)]);
}
