import type { FormatDefinition } from '../core/types.ts';
import { cointrackingParser } from './cointracking-common.ts';

/** CoinTracking trade list export (§8.4): three columns named `Cur.`, DD.MM.YYYY dates. */
export const cointrackingTradeList: FormatDefinition = {
  id: 'cointracking-trade-list',
  label: 'CoinTracking trade list export',
  detect: (cells) => cells[0] === 'Type' && cells[1] === 'Buy' && cells.includes('Cur.'),
  required: ['Type', 'Buy', 'Sell', 'Date', 'Cur.'],
  create: cointrackingParser({
    buy: ['Buy', 'Cur.'],
    sell: ['Sell', 'Cur.'],
    fee: ['Fee', 'Cur.'],
    buyCurrencyNth: 0,
    sellCurrencyNth: 1,
    feeCurrencyNth: 2,
  }),
};
