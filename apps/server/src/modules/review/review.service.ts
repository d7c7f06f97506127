import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import { walletNames } from '../tax/engine.service.ts';
import { taxResults } from '../tax/results.service.ts';
import { inputVersion } from '../tax/tax.service.ts';
import { CandidatesRepo } from './candidates.repo.ts';
import { computeFindings, type Findings } from './findings.ts';

export interface ReviewState {
  findings: Findings;
  calculatedAt: string | null;
  stale: boolean;
  imports: number;
}

/**
 * The user's findings right now: undecided rows read from the transactions, and what the
 * latest complete calculation flagged (missing prices, sells without enough units, deposits
 * from nowhere). An answer sets a user type, so its rows leave the lists at once.
 */
export async function reviewState(ctx: AppContext, user: UserRow): Promise<ReviewState> {
  const db = ctx.db.kysely;
  const repo = new CandidatesRepo(db);
  const calc = await taxResults(db, ctx.db.sqlite).latestComplete(user.id);
  const [undecided, accounts, imports, version, anyRow] = await Promise.all([
    repo.undecided(user.id),
    walletNames(db, user.id),
    repo.importCount(user.id),
    inputVersion(ctx, user),
    db.selectFrom('transactions').select('id').where('user_id', '=', user.id).limit(1).executeTakeFirst(),
  ]);
  const [missingPrice, sellWithoutBuy, missingBasis] = calc
    ? await Promise.all([
        repo.flagged(user.id, calc.id, 'missing_price'),
        repo.flagged(user.id, calc.id, 'sell_without_buy'),
        repo.missingBasis(calc.id),
      ])
    : [null, null, null];
  return {
    findings: computeFindings({
      undecided,
      missingPrice,
      sellWithoutBuy,
      missingBasis,
      accounts,
      currency: user.currency,
    }),
    calculatedAt: calc?.finished_at ?? null,
    // Without a calculation there is something to calculate only once there are rows: a new,
    // empty account is not asked to recalculate (issue 35, found by the walk).
    stale: calc ? calc.input_version !== version : anyRow !== undefined,
    imports,
  };
}
