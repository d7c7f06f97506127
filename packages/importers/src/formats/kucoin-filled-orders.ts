import type { FormatDefinition } from '../core/types.ts';
import { createKucoinParser, kucoinAmountOptions } from './kucoin-common.ts';

/** KuCoin spot "Filled Orders" (one row per order, `Status` deal / part_deal / cancel). */
export const kucoinFilledOrders: FormatDefinition = {
  id: 'kucoin-filled-orders',
  label: 'KuCoin spot filled orders',
  detect: (cells) => cells[0] === 'UID' && cells.some((c) => c.startsWith('Order Time')),
  required: ['Symbol', 'Side', 'Filled Amount', 'Filled Volume', /^Filled Time/, 'Fee', 'Fee Currency'],
  amountOptions: kucoinAmountOptions,
  create: createKucoinParser,
};
