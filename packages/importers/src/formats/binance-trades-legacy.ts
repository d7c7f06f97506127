import { splitPair } from '../core/assets.ts';
import { feeColumns } from '../core/fee-column.ts';
import { exchange, money } from '../core/records.ts';
import type { FormatDefinition } from '../core/types.ts';

/** Binance legacy trade history (≤2021, §5.3): `Market` is a concatenated pair, fee in `Fee Coin`. */
export const binanceTradesLegacy: FormatDefinition = {
  id: 'binance-trades-legacy',
  label: 'Binance trade history (legacy, ≤2021)',
  detect: (cells) => cells[0] === 'Date(UTC)' && cells[1] === 'Market',
  required: ['Date(UTC)', 'Market', 'Type', 'Amount', 'Total', 'Fee', 'Fee Coin'],
  create: (_h, ctx) => ({
    row(row) {
      const market = row.req('Market');
      const pair = splitPair(market);
      if (!pair) throw row.problem('Market', `cannot split market "${market}" into base and quote`);
      const side = row.req('Type').toUpperCase();
      if (side !== 'BUY' && side !== 'SELL') throw row.problem('Type', `expected BUY or SELL, got "${side}"`);
      const base = money(pair[0], row.reqUnsignedAmount('Amount'));
      const quote = money(pair[1], row.reqUnsignedAmount('Total'));
      ctx.emit(
        exchange({
          timestamp: row.time('Date(UTC)'),
          lines: [row.line],
          sent: side === 'BUY' ? quote : base,
          received: side === 'BUY' ? base : quote,
          fee: feeColumns(row, 'Fee', 'Fee Coin'),
        }),
      );
    },
  }),
};
