import type { FormatDefinition } from '../core/types.ts';
import { cointrackingParser } from './cointracking-common.ts';

/** CoinTracking CSV import template (§8.4): named currency columns, `YYYY-MM-DD HH:MM:SS` dates. */
export const cointrackingImport: FormatDefinition = {
  id: 'cointracking-import',
  label: 'CoinTracking CSV import template',
  detect: (cells) => cells[0] === 'Type' && cells.includes('Buy Amount') && cells.includes('Sell Amount'),
  required: ['Type', 'Buy Amount', 'Buy Currency', 'Sell Amount', 'Sell Currency', 'Date'],
  create: cointrackingParser({
    buy: ['Buy Amount', 'Buy Currency'],
    sell: ['Sell Amount', 'Sell Currency'],
    fee: ['Fee', 'Fee Currency'],
    buyCurrencyNth: 0,
    sellCurrencyNth: 0,
    feeCurrencyNth: 0,
  }),
};
