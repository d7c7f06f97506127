import type { FormatDefinition } from '../core/types.ts';
import { createKucoinParser, kucoinAmountOptions } from './kucoin-common.ts';

/** KuCoin spot "Trade History" (one row per fill). */
export const kucoinTradeHistory: FormatDefinition = {
  id: 'kucoin-trade-history',
  label: 'KuCoin spot trade history',
  detect: (cells) => cells[0] === 'UID' && cells.includes('Maker/Taker'),
  required: ['Symbol', 'Side', 'Filled Amount', 'Filled Volume', /^Filled Time/, 'Fee', 'Fee Currency'],
  amountOptions: kucoinAmountOptions,
  create: createKucoinParser,
};
