import type { MissingDepositBody } from '@lotwise/contracts/tax/tie-out-fix';
import { formMoney } from '@lotwise/reports/money';
import Decimal from 'decimal.js';
import type { AppContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { insertManualEntry } from '../imports/imports.service.ts';

type Body = { [K in keyof MissingDepositBody]: string };

/**
 * "Add the missing deposit" of a 1099-DA line (README "Fixing a missing transfer"): the coins of
 * the line's sale came into its account from a wallet Lotwise never saw, so Lotwise sold them
 * with no lot ($0 basis). The deposit is stored in the line's own account — the per-wallet lots
 * of 2025 on need it there — through the manual entry's write, as one typed-in row: received
 * `units` of the line's asset, paid `cost_basis` in the user's currency, dated `date_acquired`
 * (noon UTC: the same calendar day in every zone the app offers), so the engine opens a lot
 * with that basis and date. Never before the sale's day. Another user's line is 404.
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
    .select(['l.asset', 'l.date_sold', 'f.import_history_id', 'h.account_name', 'h.custom_name'])
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
