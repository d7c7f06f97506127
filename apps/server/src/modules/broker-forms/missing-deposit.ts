import type { MissingDepositBody } from '@lotwise/contracts/tax/tie-out-fix';
import { formMoney } from '@lotwise/reports/money';
import Decimal from 'decimal.js';
import type { AppContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { insertManualEntry } from '../imports/imports.service.ts';
import { taxResults } from '../tax/results.service.ts';
import { tieOutCache } from './tie-out-cache.ts';

type Body = { [K in keyof MissingDepositBody]: string };

/**
 * "Add the missing deposit" of a 1099-DA line (README "Fixing a missing transfer"): the coins of
 * the line's sale came into its account from a wallet Lotwise never saw, so Lotwise sold them
 * with no lot ($0 basis). The deposit is stored in the line's own account — the per-wallet lots
 * of 2025 on need it there — through the manual entry's write, as one typed-in row: received
 * `units` of the line's asset, paid `cost_basis` in the user's currency, dated `date_acquired`
 * (noon UTC: the same calendar day in every zone the app offers), so the engine opens a lot
 * with that basis and date. Never before the sale's day. Another user's line is 404.
 * Only where the current tie-out (the latest complete calculation's) says the line's sale has
 * units without a purchase (missing_acquisition, the page's "Add the missing deposit"), and at
 * most those units less the deposits added here since that calculation: anywhere else a deposit
 * would count coins twice (a line that matches, coins transferred in from another wallet of
 * the user's, a line on the form only), so it is refused with nothing written.
 */
export async function addMissingDeposit(
  ctx: AppContext,
  user: { id: number; currency: string },
  lineId: number,
  body: Body,
): Promise<{ transactionId: number; accountId: number; message: string }> {
  const line = await ctx.db.kysely
    .selectFrom('broker_form_lines as l')
    .innerJoin('broker_forms as f', 'f.id', 'l.form_id')
    .innerJoin('import_histories as h', 'h.id', 'f.import_history_id')
    .select([
      'l.asset',
      'l.date_sold',
      'f.tax_year',
      'f.import_history_id',
      'h.account_name',
      'h.custom_name',
    ])
    .where('l.user_id', '=', user.id)
    .where('f.user_id', '=', user.id)
    .where('h.user_id', '=', user.id)
    .where('l.id', '=', lineId)
    .executeTakeFirst();
  if (!line) throw notFound('1099-DA line');
  if (body.date_acquired >= line.date_sold)
    throw new AppError(
      'validation_failed',
      `date_acquired: must be before the sale on ${line.date_sold} (the coins were deposited before they were sold)`,
      { field: 'date_acquired' },
    );
  const asset = line.asset.trim().toUpperCase();
  const missing = await unitsWithoutPurchase(
    ctx,
    user.id,
    lineId,
    line.tax_year,
    line.import_history_id,
    asset,
  );
  if (missing.lte(0))
    throw new AppError(
      'conflict',
      'This line has no units without a purchase: adding a deposit would count coins twice',
    );
  if (new Decimal(body.units).gt(missing))
    throw new AppError(
      'validation_failed',
      `units: at most ${missing.toFixed()} ${asset} of this sale have no purchase; a deposit of more would count coins twice`,
      { field: 'units' },
    );
  const currency = (user.currency || 'USD').toUpperCase();
  const units = new Decimal(body.units).toFixed();
  const basis = new Decimal(body.cost_basis).toFixed();
  const account = line.custom_name ?? line.account_name;
  const transactionId = await insertManualEntry(
    ctx,
    user.id,
    {
      date: `${body.date_acquired}T12:00:00Z`,
      type: 'deposit',
      to_currency: asset,
      to_amount: units,
      // The cost is the sent leg: the engine opens the lot at it, dated the day acquired.
      from_currency: currency,
      from_amount: basis,
      fiat_currency: currency,
      fiat_value: basis,
      label: 'Missing deposit',
      comment: `Added from the 1099-DA tie-out: ${units} ${asset} transferred in, acquired ${body.date_acquired} for ${formMoney(basis)} ${currency} (its cost basis), sold ${line.date_sold}.`,
    },
    { accountId: line.import_history_id },
  );
  return {
    transactionId,
    accountId: line.import_history_id,
    message: `Added the deposit of ${units} ${asset} to ${account}, acquired ${body.date_acquired} for ${formMoney(basis)} ${currency}. Recalculate to tie the line out again.`,
  };
}

/**
 * The units of a line's sale the current tie-out finds no purchase or deposit for (0 when it
 * matches, has no such reason, or there is no calculation), less the deposits this fix added
 * to the account since that calculation finished (not in its figures yet).
 */
async function unitsWithoutPurchase(
  ctx: AppContext,
  userId: number,
  lineId: number,
  year: number,
  accountId: number,
  asset: string,
): Promise<Decimal> {
  const calc = await taxResults(ctx.db.kysely, ctx.db.sqlite).latestComplete(userId);
  if (!calc) return new Decimal(0);
  const { tieOut } = await tieOutCache(ctx.db.kysely).get(userId, calc, year);
  const tied = tieOut.lines.find((l) => l.broker?.id === lineId);
  const units = tied?.reasons.find((r) => r.code === 'missing_acquisition')?.units;
  if (!tied || tied.status === 'matches' || !units) return new Decimal(0);
  const since = calc.finished_at ?? calc.created_at;
  const added = await ctx.db.kysely
    .selectFrom('transactions')
    .select('received_amount')
    .where('user_id', '=', userId)
    .where('import_history_id', '=', accountId)
    .where('label', '=', 'Missing deposit')
    .where('received_asset', '=', asset)
    .where('created_at', '>', since)
    .execute();
  return added.reduce((left, t) => left.minus(t.received_amount ?? 0), new Decimal(units));
}
