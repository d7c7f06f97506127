import { exchange, feeOf, money } from '../core/records.ts';
import type { FormatDefinition } from '../core/types.ts';
import { krakenPair } from './kraken-assets.ts';

/** Kraken trades.csv (§4.2), 13/14/22/24-column variants: `cost` and `fee` are in the quote asset. */
export const krakenTrades: FormatDefinition = {
  id: 'kraken-trades',
  label: 'Kraken trades.csv',
  detect: (cells) => cells[0] === 'txid' && cells[1] === 'ordertxid',
  required: ['txid', 'pair', 'time', 'type', 'cost', 'fee', 'vol'],
  create: (_h, ctx) => ({
    row(row) {
      const pairText = row.req('pair');
      const pair = krakenPair(pairText);
      if (!pair) throw row.problem('pair', `cannot split pair "${pairText}" into base and quote`);
      const [base, quote] = pair;
      const side = row.req('type').toLowerCase();
      if (side !== 'buy' && side !== 'sell') throw row.problem('type', `expected buy or sell, got "${side}"`);
      const baseLeg = money(base, row.reqUnsignedAmount('vol'));
      const quoteLeg = money(quote, row.reqUnsignedAmount('cost'));
      ctx.emit(
        exchange({
          timestamp: row.time('time'),
          lines: [row.line],
          sent: side === 'buy' ? quoteLeg : baseLeg,
          received: side === 'buy' ? baseLeg : quoteLeg,
          fee: feeOf(quote, row.amount('fee')),
          external_id: row.opt('txid'),
          note: row.opt('ordertype'),
        }),
      );
    },
  }),
};
