import type { FormatDefinition } from '../core/types.ts';
import { createCoinbaseParser } from './coinbase-common.ts';

/** Coinbase transaction history, layout C (2021–2023): disclaimer preamble, `Spot Price` columns. */
export const coinbase2023: FormatDefinition = {
  id: 'coinbase-2023',
  label: 'Coinbase transaction history (2021–2023, Spot Price, fees and/or spread)',
  detect: (cells) =>
    cells[0] === 'Timestamp' &&
    cells.includes('Total (inclusive of fees and/or spread)') &&
    (cells.includes('Spot Price Currency') || !cells.includes('Price Currency')),
  required: [
    'Timestamp',
    'Transaction Type',
    'Asset',
    'Quantity Transacted',
    'Spot Price Currency',
    'Subtotal',
  ],
  create: (_h, ctx) =>
    createCoinbaseParser(
      {
        currency: 'Spot Price Currency',
        subtotal: 'Subtotal',
        total: 'Total (inclusive of fees and/or spread)',
        fees: 'Fees and/or Spread',
      },
      ctx,
    ),
};
