import { createHash } from 'node:crypto';
import type { MissingDepositBody } from '@lotwise/contracts/tax/tie-out-fix';
import { formMoney } from '@lotwise/reports/money';
import Decimal from 'decimal.js';
import type { TaxCalculationRow, UserRow } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { insertManualEntry } from '../imports/imports.service.ts';
import { taxResults } from '../tax/results.service.ts';
import { inputVersion } from '../tax/tax.service.ts';
import { tieOutCache } from './tie-out-cache.ts';

type Body = { [K in keyof MissingDepositBody]: string };

/** The label of the deposits this fix adds (the page and the tie-out's reasons name them so). */
const FIX_LABEL = 'Missing deposit';

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
 * the user's, a line on the form only), so it is refused with nothing written. Also refused
 * while anything else changed since that calculation (an imported wallet may hold the very
 * transfer in), and two deposits sent at once for the same coins: one is added.
 */
export async function addMissingDeposit(
  ctx: AppContext,
  user: UserRow,
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
  const { missing, calc, added } = await unitsWithoutPurchase(
    ctx,
    user,
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
  // The n-th deposit of these coins since the calculation has one key: of two sent at once,
  // the second is refused by the transactions' unique key instead of counting the coins twice.
  const dedupeKey = createHash('sha256')
    .update(`missing-deposit|${calc}|${line.import_history_id}|${asset}|${added}`)
    .digest('hex');
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
      label: FIX_LABEL,
      comment: `Added from the 1099-DA tie-out: ${units} ${asset} transferred in, acquired ${body.date_acquired} for ${formMoney(basis)} ${currency} (its cost basis), sold ${line.date_sold}.`,
    },
    { accountId: line.import_history_id, dedupeKey },
  ).catch((error: unknown) => {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError(
      'conflict',
      'Another deposit for these coins was added at the same moment: read the tie-out again before adding more',
    );
  });
  return {
    transactionId,
    accountId: line.import_history_id,
    message: `Added the deposit of ${units} ${asset} to ${account}, acquired ${body.date_acquired} for ${formMoney(basis)} ${currency}. Recalculate to tie the line out again.`,
  };
}

/** What the fix may add: the units still without a purchase, and the calculation they are of. */
interface Missing {
  missing: Decimal;
  /** The calculation, as its id and start (SQLite gives a later one the id of a removed one). */
  calc: string;
  /** How many deposits this fix added to the account's asset since that calculation. */
  added: number;
}

const NOTHING: Missing = { missing: new Decimal(0), calc: '', added: 0 };

/**
 * The units of a line's sale the current tie-out finds no purchase or deposit for (0 when it
 * matches, has no such reason, or there is no calculation), less the deposits this fix added
 * to the account since that calculation finished (not in its figures yet).
 */
async function unitsWithoutPurchase(
  ctx: AppContext,
  user: UserRow,
  lineId: number,
  year: number,
  accountId: number,
  asset: string,
): Promise<Missing> {
  const calc = await taxResults(ctx.db.kysely, ctx.db.sqlite).latestComplete(user.id);
  if (!calc) return NOTHING;
  if (await changedBesidesFixes(ctx, user, calc))
    throw new AppError(
      'conflict',
      'Your transactions or settings changed since the last calculation, so this tie-out may be out of date (an imported wallet may hold these coins): recalculate first, then add the deposit if the line still has units without a purchase',
    );
  const { tieOut } = await tieOutCache(ctx.db.kysely).get(user.id, calc, year);
  const tied = tieOut.lines.find((l) => l.broker?.id === lineId);
  const units = tied?.reasons.find((r) => r.code === 'missing_acquisition')?.units;
  if (!tied || tied.status === 'matches' || !units) return NOTHING;
  const since = calc.finished_at ?? calc.created_at;
  const added = await ctx.db.kysely
    .selectFrom('transactions')
    .select('received_amount')
    .where('user_id', '=', user.id)
    .where('import_history_id', '=', accountId)
    .where('label', '=', FIX_LABEL)
    .where('received_asset', '=', asset)
    .where('created_at', '>', since)
    .execute();
  return {
    missing: added.reduce((left, t) => left.minus(t.received_amount ?? 0), new Decimal(units)),
    calc: `${calc.id}@${calc.created_at}`,
    added: added.length,
  };
}

/**
 * Whether anything but this fix's own deposits changed since the calculation began: another
 * row added, edited, ignored or removed, the tax settings or the user's prices. Those deposits
 * are allowed (counted against the units above) so a user can fix several lines in a row.
 */
async function changedBesidesFixes(
  ctx: AppContext,
  user: UserRow,
  calc: TaxCalculationRow,
): Promise<boolean> {
  const now = await inputVersion(ctx, user);
  const before = calc.input_version;
  if (now === before) return false;
  // `${rows}|${settings}|${prices}`: the settings and prices must be as they were.
  const rest = (version: string) => version.slice(version.indexOf('|'));
  if (!before.includes('|') || rest(now) !== rest(before)) return true;
  const since = calc.created_at;
  const changed = await ctx.db.kysely
    .selectFrom('transactions')
    .select(['label', 'created_at'])
    .where('user_id', '=', user.id)
    .where('updated_at', '>', since)
    .execute();
  const fixes = changed.filter((t) => t.label === FIX_LABEL && t.created_at > since).length;
  const count = (version: string) => Number(version.split(':')[0]);
  // Every changed row is a deposit added here, and no row went away.
  return fixes !== changed.length || count(now) - count(before) !== fixes;
}
