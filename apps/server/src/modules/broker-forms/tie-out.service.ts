import { tieOut } from '@lotwise/reports/tie-out/tie-out';
import type { BrokerLine, LotwiseDisposal, TieOut } from '@lotwise/reports/tie-out/types';
import type { Kysely } from 'kysely';
import type { Database, TaxCalculationRow } from '../../db/schema.ts';
import type { TaxSettings } from '../tax/engine.service.ts';
import { walletNames } from '../tax/engine.service.ts';
import { disposalsWithIds } from '../tax/results.service.ts';
import { type BrokerFormsRepo, lineOf } from './broker-forms.repo.ts';

/** Rows per read of the user's transactions (in id order). */
const READ_CHUNK = 50_000;

/**
 * What a transaction adds to the tie-out: its account, and its fee when paid in the currency.
 * The user's transactions are read whole, four columns in id order: the year's sales and the
 * lots they used are most of them, and one ordered scan is far cheaper than asking for a few
 * hundred thousand ids in `in (...)` lists.
 */
async function transactionFacts(
  db: Kysely<Database>,
  userId: number,
  currency: string,
): Promise<Map<string, { account: number; fee: string | null }>> {
  const out = new Map<string, { account: number; fee: string | null }>();
  for (let after = 0; ; ) {
    const rows = await db
      .selectFrom('transactions')
      .select(['id', 'import_history_id', 'fee_asset', 'fee_amount'])
      .where('user_id', '=', userId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(READ_CHUNK)
      .execute();
    for (const r of rows) {
      const fee =
        r.fee_asset?.toUpperCase() === currency && r.fee_amount !== null ? String(r.fee_amount) : null;
      out.set(String(r.id), { account: r.import_history_id, fee });
    }
    if (rows.length < READ_CHUNK) return out;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** A transaction id of a lot id ("123", "123:extra", "123:1"). */
const txOfLot = (lotId: string) => lotId.replace(/:.*$/, '');

/**
 * The tie-out of a year (packages/reports tie-out): the year's 1099-DA lines, and the disposals
 * of the latest complete calculation with the account each lot came from and each sale's fee.
 */
export async function yearTieOut(
  db: Kysely<Database>,
  forms: BrokerFormsRepo,
  userId: number,
  calc: TaxCalculationRow,
  year: number,
): Promise<{ tieOut: TieOut; formCount: number }> {
  const settings = JSON.parse(calc.settings) as TaxSettings;
  const currency = (settings.currency || 'USD').toUpperCase();
  const [wallets, yearForms] = await Promise.all([walletNames(db, userId), forms.forms(userId, year)]);
  const accountOf = new Map(yearForms.map((f) => [f.id, wallets.get(f.account_id) ?? f.account_name]));
  const stored = await forms.lines(
    userId,
    yearForms.map((f) => f.id),
  );
  const brokerLines: BrokerLine[] = stored.map((row) => ({
    ...lineOf(row),
    formId: row.form_id,
    account: accountOf.get(row.form_id) ?? '',
  }));
  const [rows, facts] = await Promise.all([
    disposalsWithIds(db, calc.id, year),
    transactionFacts(db, userId, currency),
  ]);
  const disposals: LotwiseDisposal[] = rows.map(({ id, line }) => ({
    id,
    txId: line.txId,
    asset: line.asset,
    amount: line.amount,
    acquiredAt: line.acquiredAt,
    disposedAt: line.disposedAt,
    disposedTimestamp: line.disposedTimestamp,
    proceeds: line.proceeds,
    costBasis: line.costBasis,
    term: line.term,
    category: line.category,
    taxable: line.taxable,
    wallet: line.wallet,
    lots: line.lots,
    sellWithoutBuy: line.sellWithoutBuy ?? null,
    missingPrice: line.missingPrice === true,
    fee: facts.get(line.txId)?.fee ?? null,
  }));
  const lotWallet = (lotId: string) => {
    const account = facts.get(txOfLot(lotId))?.account;
    return account === undefined ? null : (wallets.get(account) ?? null);
  };
  return {
    tieOut: tieOut(brokerLines, disposals, { year, method: settings.method.toUpperCase(), lotWallet }),
    formCount: yearForms.length,
  };
}
