import type { AssetAmount } from '@lotwise/contracts/normalised';
import type { ColumnName } from './header.ts';
import { money } from './records.ts';
import type { Row } from './row.ts';

/**
 * The fee of a row with an amount and a currency column: null when the amount is absent or zero;
 * an amount whose currency is blank is a row error naming the currency column, never a fee
 * dropped. `asset` maps an exchange's own code (Bitfinex's UST) to the usual one.
 */
export function feeColumns(
  row: Row,
  amountCol: ColumnName,
  currencyCol: ColumnName,
  asset: (code: string) => string = (code) => code,
): AssetAmount | null {
  const amount = row.amount(amountCol);
  if (amount === null || amount.isZero()) return null;
  const currency = row.opt(currencyCol);
  if (!currency) throw row.problem(currencyCol, `currency is missing for fee ${amount.abs().toFixed()}`);
  return money(asset(currency), amount);
}
