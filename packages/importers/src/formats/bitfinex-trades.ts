import { splitPair } from '../core/assets.ts';
import { feeColumns } from '../core/fee-column.ts';
import { exchange, money } from '../core/records.ts';
import type { FormatDefinition } from '../core/types.ts';

/** Bitfinex trades (§6.5): sign of AMOUNT = side, FEE negative, dates DD-MM-YY; `UST` = USDT. */
export const bitfinexAsset = (a: string): string => (a.toUpperCase() === 'UST' ? 'USDT' : a.toUpperCase());

export const bitfinexTrades: FormatDefinition = {
  id: 'bitfinex-trades',
  label: 'Bitfinex trades',
  detect: (cells) => cells[0] === '#' && (cells.includes('PAIR') || cells.includes('FEE CURRENCY')),
  required: ['PAIR', 'AMOUNT', 'PRICE', 'FEE', 'FEE CURRENCY', 'DATE'],
  create: (_h, ctx) => ({
    row(row) {
      const pairText = row.req('PAIR');
      const pair = splitPair(pairText, [
        'UST',
        'USD',
        'EUR',
        'GBP',
        'JPY',
        'BTC',
        'ETH',
        'EUT',
        'CNHT',
        'XCHF',
      ]);
      if (!pair) throw row.problem('PAIR', `cannot split pair "${pairText}" into base and quote`);
      const amount = row.reqAmount('AMOUNT');
      if (amount.isZero()) throw row.problem('AMOUNT', 'amount is zero');
      const base = money(bitfinexAsset(pair[0]), amount);
      const quote = money(bitfinexAsset(pair[1]), amount.abs().times(row.reqUnsignedAmount('PRICE')));
      const buy = amount.isPositive();
      ctx.emit(
        exchange({
          timestamp: row.time('DATE', 'dd-mm-yy'),
          lines: [row.line],
          sent: buy ? quote : base,
          received: buy ? base : quote,
          fee: feeColumns(row, 'FEE', 'FEE CURRENCY', bitfinexAsset),
          external_id: row.opt('#'),
        }),
      );
    },
  }),
};
