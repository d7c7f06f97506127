import { yearOutOfDate } from '@lotwise/contracts/tax/calculation';
import type { ClientYear } from '@lotwise/contracts/taxpro/taxpro';
import type { AppContext } from '../../http/context.ts';
import { staleness, taxResults } from '../tax/results.service.ts';
import { inputVersion } from '../tax/tax.service.ts';

/**
 * A client's tax years as the accountant sees them (issue 35, item 4): each year's missing
 * prices and whether its results are out of date, by the client's own Tax Center's definition
 * (the latest finished calculation against today's inputs, from the first year the change
 * reaches), with the reasons in words.
 */
export async function clientYears(
  ctx: AppContext,
  clientId: number,
): Promise<{ years: ClientYear[]; stale_reasons: string[] }> {
  const user = await ctx.users.findById(clientId);
  const repo = taxResults(ctx.db.kysely, ctx.db.sqlite);
  const complete = user ? await repo.latestComplete(user.id) : undefined;
  if (!user || !complete) return { years: [], stale_reasons: [] };
  const [summaries, missing, version] = await Promise.all([
    repo.yearSummaries(complete.id),
    repo.missingPriceCounts(complete.id),
    inputVersion(ctx, user),
  ]);
  const outdated = await staleness(ctx, user, complete, version);
  return {
    years: summaries.map((y) => ({
      year: y.year,
      missing_prices: missing.get(y.year) ?? 0,
      out_of_date: yearOutOfDate(outdated, y.year),
    })),
    stale_reasons: outdated.stale ? outdated.reasons : [],
  };
}

/**
 * Whether each accepted client's latest finished calculation is out of date, by the same rule
 * as their years (issue 35: the list said Incomplete but not Out of date). Per listed row only.
 */
export async function withOutOfDate<
  T extends { id: number; status: string; calculation: string; out_of_date: boolean },
>(ctx: AppContext, rows: T[]): Promise<T[]> {
  const repo = taxResults(ctx.db.kysely, ctx.db.sqlite);
  return Promise.all(
    rows.map(async (row) => {
      if (row.status !== 'accepted' || row.id === 0) return row;
      const user = await ctx.users.findById(row.id);
      const complete = user ? await repo.latestComplete(user.id) : undefined;
      if (!user || !complete) return row;
      const outdated = await staleness(ctx, user, complete, await inputVersion(ctx, user));
      return { ...row, out_of_date: outdated.stale };
    }),
  );
}
