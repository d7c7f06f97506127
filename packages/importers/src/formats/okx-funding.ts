import type { TransactionKind } from '@lotwise/contracts/normalised';
import { feeOf, money, tx } from '../core/records.ts';
import type { FormatDefinition } from '../core/types.ts';

/** OKX funding account history (§6.6). Moves to/from the trading account are internal. */
const KINDS: Record<string, { kind: TransactionKind; subtype: string | null }> = {
  Deposit: { kind: 'deposit', subtype: null },
  Withdrawal: { kind: 'withdrawal', subtype: null },
  'Staking Yield': { kind: 'income', subtype: 'staking' },
  'Fee rebate': { kind: 'income', subtype: 'rebate' },
};
const INTERNAL =
  /^(To|From) unified trading account$|^(Stake|Redeem staking|Savings subscription|Savings redemption)$/i;

export const okxFunding: FormatDefinition = {
  id: 'okx-funding',
  label: 'OKX funding account history',
  detect: (cells) => cells[0] === 'id' && cells.includes('Before Balance'),
  required: ['Time', 'Type', 'Amount', 'Symbol'],
  create: (_h, ctx) => ({
    row(row) {
      const type = row.req('Type');
      const lines = [row.line];
      if (INTERNAL.test(type)) return ctx.skip(lines, `internal move between OKX accounts (${type})`);
      const k = KINDS[type];
      if (!k) throw row.problem('Type', `unknown OKX funding type "${type}"`);
      const asset = row.req('Symbol');
      const amount = row.reqAmount('Amount');
      const out = k.kind === 'withdrawal';
      ctx.emit(
        tx({
          timestamp: row.time('Time'),
          kind: k.kind,
          subtype: k.subtype,
          lines,
          sent: out ? money(asset, amount) : null,
          received: out ? null : money(asset, amount),
          fee: feeOf(asset, row.amount('Fee')),
          external_id: row.opt('id'),
        }),
      );
    },
  }),
};
