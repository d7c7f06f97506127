import { feeOf, money, tx } from '../core/records.ts';
import type { FormatDefinition } from '../core/types.ts';
import { bitfinexAsset } from './bitfinex-trades.ts';

/** Bitfinex movements (deposits/withdrawals): only COMPLETED rows count; FEES negative. */
export const bitfinexMovements: FormatDefinition = {
  id: 'bitfinex-movements',
  label: 'Bitfinex movements',
  detect: (cells) => cells[0] === '#' && cells.includes('STATUS'),
  required: ['CURRENCY', 'STATUS', 'AMOUNT'],
  create: (header, ctx) => {
    const timeCol = header.has('UPDATED') ? 'UPDATED' : 'DATE';
    return {
      row(row) {
        const status = row.text('STATUS').toUpperCase();
        if (!status.startsWith('COMPLETED'))
          return ctx.skip([row.line], `movement status is ${status || 'empty'}`);
        const asset = bitfinexAsset(row.req('CURRENCY'));
        const amount = row.reqAmount('AMOUNT');
        const out = amount.isNegative();
        const description = row.opt('DESCRIPTION');
        ctx.emit(
          tx({
            timestamp: row.time(timeCol, 'dd-mm-yy'),
            kind: out ? 'withdrawal' : 'deposit',
            lines: [row.line],
            sent: out ? money(asset, amount) : null,
            received: out ? null : money(asset, amount),
            fee: feeOf(asset, row.amount('FEES')),
            external_id: row.opt('#'),
            tx_hash: row.opt('TRANSACTION ID'),
            to_address: out && description && !/\s/.test(description) ? description : null,
            note: row.opt('NOTE') ?? description,
          }),
        );
      },
    };
  },
};
