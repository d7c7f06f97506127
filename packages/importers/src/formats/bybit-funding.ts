import { money, tx } from '../core/records.ts';
import type { FormatDefinition } from '../core/types.ts';

/** Bybit funding/asset history (§6.7), EU (`UID:` preamble) and global layouts. */
const TIME = /^Date & Time\(UTC\)$/;

export const bybitFunding: FormatDefinition = {
  id: 'bybit-funding',
  label: 'Bybit funding history',
  detect: (cells) => cells.includes('Date & Time(UTC)') && cells.includes('QTY'),
  required: [TIME, 'Coin', 'QTY', 'Type'],
  create: (_h, ctx) => ({
    row(row) {
      const type = row.req('Type');
      const description = row.text('Description');
      const lines = [row.line];
      const asset = row.req('Coin');
      const qty = row.reqAmount('QTY');
      const base = { timestamp: row.time(TIME), lines, note: description || null };
      const leg = money(asset, qty);
      if (/^Transfer (in|out)$/i.test(type))
        return ctx.skip(lines, `internal transfer (${description || type})`);
      if (type === 'Airdrop')
        return ctx.emit(tx({ ...base, kind: 'income', subtype: 'airdrop', received: leg }));
      if (type === 'Deposit' || (type === 'Fiat' && qty.isPositive())) {
        const subtype = /Card/i.test(description) ? 'card purchase' : null;
        return ctx.emit(tx({ ...base, kind: 'deposit', subtype, received: leg }));
      }
      if (type === 'Withdrawal' || type === 'Withdraw')
        return ctx.emit(tx({ ...base, kind: 'withdrawal', sent: leg }));
      throw row.problem('Type', `unknown Bybit funding type "${type}"`);
    },
  }),
};
