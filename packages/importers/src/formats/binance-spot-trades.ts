import { splitPair } from '../core/assets.ts';
import { exchange, money } from '../core/records.ts';
import { unitAmount } from '../core/row.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * Binance spot "Trade History" (§5.2): one row per fill; Executed/Amount/Fee carry their asset
 * (`0.02000000BTC`, `"1,456.02500000USDT"`). The pair's base and quote are tried as suffixes
 * first so tickers that start with digits split correctly.
 */
export const binanceSpotTrades: FormatDefinition = {
  id: 'binance-spot-trades',
  label: 'Binance spot trade history',
  detect: (cells) => cells[0] === 'Date(UTC)' && cells[1] === 'Pair' && cells.includes('Executed'),
  required: ['Date(UTC)', 'Pair', 'Side', 'Executed', 'Amount', 'Fee'],
  create: (_h, ctx) => ({
    row(row) {
      const pairText = row.req('Pair');
      const pair = splitPair(pairText);
      const candidates = [...(pair ?? []), 'BNB'];
      const executed = unitAmount(row, 'Executed', candidates);
      const amount = unitAmount(row, 'Amount', candidates);
      if (!executed) throw row.problem('Executed', 'value is missing');
      if (!amount) throw row.problem('Amount', 'value is missing');
      const fee = unitAmount(row, 'Fee', candidates);
      const side = row.req('Side').toUpperCase();
      if (side !== 'BUY' && side !== 'SELL') throw row.problem('Side', `expected BUY or SELL, got "${side}"`);
      const base = money(executed.asset, executed.amount);
      const quote = money(amount.asset, amount.amount);
      ctx.emit(
        exchange({
          timestamp: row.time('Date(UTC)'),
          lines: [row.line],
          sent: side === 'BUY' ? quote : base,
          received: side === 'BUY' ? base : quote,
          fee: fee && !fee.amount.isZero() ? money(fee.asset, fee.amount) : null,
        }),
      );
    },
  }),
};
