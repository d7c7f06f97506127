import { randomUUID } from 'node:crypto';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { transactionsVersion } from './engine-input.ts';
import { staleness } from './staleness.ts';
import type { TaxResultsRepo } from './tax-results.repo.ts';
import { settingsOf } from './tax-settings.ts';
import { workingYear } from './working-year.ts';

/** The version a calculation is compared by: the transactions and the settings together. */
export async function inputVersion(ctx: AppContext, user: UserRow): Promise<string> {
  const [rows, prices] = await Promise.all([
    transactionsVersion(ctx.db.kysely, user.id),
    ctx.prices.repo.userVersion(user.id),
  ]);
  // The user's own price files count as input: loading or removing one calls for a recalculation.
  return `${rows}|${JSON.stringify(settingsOf(user))}|${prices}`;
}

/**
 * Starts a calculation unless the latest finished one already matches the data and
 * settings (then nothing is recalculated) — `recalculate` forces a new run.
 */
export async function startCalculation(
  ctx: AppContext,
  repo: TaxResultsRepo,
  user: UserRow,
  recalculate: boolean,
) {
  const version = await inputVersion(ctx, user);
  const latest = await repo.latest(user.id);
  if (latest && !recalculate && latest.input_version === version && latest.status !== 'failed') {
    return { traceId: latest.trace_id, state: latest.status };
  }
  await repo.supersedeActive(user.id);
  const calc = await repo.create({
    userId: user.id,
    traceId: randomUUID(),
    settings: settingsOf(user),
    inputVersion: version,
  });
  const job = await ctx.jobs.enqueue(
    'tax.calculate',
    user.id,
    { calcId: calc.id },
    { dedupeKey: `tax:${user.id}` },
  );
  await repo.setJob(calc.id, job.id);
  return { traceId: calc.trace_id, state: 'queued' as const };
}

export async function calculationDetails(ctx: AppContext, repo: TaxResultsRepo, user: UserRow) {
  const db = ctx.db.kysely;
  const [latest, complete, version, counts, accounts] = await Promise.all([
    repo.latest(user.id),
    repo.latestComplete(user.id),
    inputVersion(ctx, user),
    db
      .selectFrom('transactions')
      .select([
        (eb) => eb.fn.countAll<number>().as('total'),
        (eb) => eb.fn.countAll<number>().filterWhere('kind', '!=', 'withdrawal').as('taxable_or_incoming'),
      ])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow(),
    db.selectFrom('import_histories').select(['import_status']).where('user_id', '=', user.id).execute(),
  ]);
  const taxCalculated = !latest ? null : latest.status === 'complete' && !isMarkedStale(latest.input_version);
  const [year, outdated] = await Promise.all([
    workingYear(db, complete?.id ?? null, user),
    complete ? staleness(ctx, user, complete, version) : null,
  ]);
  return {
    tax_year: year,
    stale_reasons: outdated?.reasons ?? [],
    tax_calculated: taxCalculated,
    need_tax_calculation: !complete || complete.input_version !== version,
    taxable_or_incoming: Number(counts.taxable_or_incoming) > 0,
    total_transactions: Number(counts.total),
    first_import: accounts.length === 1 && accounts[0]?.import_status === 'in-progress',
    last_calculated_at: complete?.finished_at ?? null,
    trace_id: latest?.trace_id ?? null,
  };
}

/** `update_tax_calculated` false: the version no longer matches anything. */
const STALE = 'stale:';

function isMarkedStale(version: string): boolean {
  return version.startsWith(STALE);
}

/**
 * `update_tax_calculated`: false marks the latest results as not calculated (and drops their
 * stored year starts, so the next run starts from the first transaction); true confirms
 * results that match the data and is refused otherwise.
 */
export async function setTaxCalculated(ctx: AppContext, repo: TaxResultsRepo, user: UserRow, value: boolean) {
  const complete = await repo.latestComplete(user.id);
  if (value) {
    const version = await inputVersion(ctx, user);
    if (!complete || complete.input_version !== version) {
      throw new AppError(
        'validation_failed',
        'The taxes are not calculated for the current transactions; calculate them first.',
        {
          field: 'tax_calculated',
        },
      );
    }
  } else if (complete) {
    await repo.markStale(complete.id, `${STALE}${complete.input_version}`.slice(0, 200));
  }
  const details = await calculationDetails(ctx, repo, user);
  return { tax_calculated: details.tax_calculated, need_tax_calculation: details.need_tax_calculation };
}
