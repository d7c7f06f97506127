import type { TransactionKind } from '@lotwise/contracts/normalised';
import { feeOf, fiat, money, tx } from '../core/records.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * Ledger Live operations export (§7.4). `OUT` amounts include the fee; for `FEES` and
 * staking-management operations the amount is the fee. `IN` fees were paid by the sender.
 */
const FEE_ONLY = new Set([
  'FEES',
  'DELEGATE',
  'UNDELEGATE',
  'REDELEGATE',
  'BOND',
  'UNBOND',
  'WITHDRAW_UNBONDED',
  'REVEAL',
  'OPT_IN',
  'OPT_OUT',
  'APPROVE',
]);
const IGNORED = new Set(['NFT_IN', 'NFT_OUT', 'NONE']);
const INCOME: Record<string, string> = { REWARD: 'staking', REWARD_PAYOUT: 'staking' };

export const ledgerliveOperations: FormatDefinition = {
  id: 'ledgerlive-operations',
  label: 'Ledger Live operations',
  detect: (cells) => cells[0] === 'Operation Date' && cells.includes('Operation Type'),
  required: ['Operation Date', 'Currency Ticker', 'Operation Type', 'Operation Amount'],
  create: (header, ctx) => ({
    row(row) {
      const lines = [row.line];
      const status = header.has('Status') ? row.text('Status') : 'Confirmed';
      if (status !== 'Confirmed') return ctx.skip(lines, `operation status is ${status || 'empty'}`);
      const type = row.req('Operation Type').toUpperCase();
      if (IGNORED.has(type)) return ctx.skip(lines, `${type} operations are not imported`);
      const asset = row.req('Currency Ticker');
      const amount = row.reqAmount('Operation Amount').abs();
      const fees = row.amount('Operation Fees')?.abs() ?? null;
      const cvTicker = row.opt('Countervalue Ticker');
      const base = {
        timestamp: row.time('Operation Date'),
        lines,
        tx_hash: row.opt('Operation Hash'),
        note: row.opt('Account Name'),
        fiat_value: cvTicker ? fiat(cvTicker, row.amount('Countervalue at Operation Date')) : null,
      };
      if (FEE_ONLY.has(type)) {
        return ctx.emit(
          tx({ ...base, kind: 'fee', subtype: type.toLowerCase(), fee: money(asset, fees ?? amount) }),
        );
      }
      if (type === 'OUT') {
        const sent = fees ? amount.minus(fees) : amount;
        if (sent.isNegative()) throw row.problem('Operation Fees', 'fee is larger than the operation amount');
        return ctx.emit(
          tx({ ...base, kind: 'withdrawal', sent: money(asset, sent), fee: feeOf(asset, fees) }),
        );
      }
      let kind: TransactionKind;
      if (type === 'IN') kind = 'deposit';
      else if (INCOME[type]) kind = 'income';
      else throw row.problem('Operation Type', `unknown Ledger Live operation type "${type}"`);
      ctx.emit(tx({ ...base, kind, subtype: INCOME[type] ?? null, received: money(asset, amount) }));
    },
  }),
};
