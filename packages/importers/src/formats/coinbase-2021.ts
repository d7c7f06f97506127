import type { FormatDefinition } from '../core/types.ts';
import { createCoinbaseParser } from './coinbase-common.ts';

/** Coinbase transaction history, layout D (2020–2021): `Total (inclusive of fees)`, `Fees`. */
export const coinbase2021: FormatDefinition = {
  id: 'coinbase-2021',
  label: 'Coinbase transaction history (2020–2021, Total inclusive of fees)',
  detect: (cells) =>
    cells[0] === 'Timestamp' &&
    cells.includes('Spot Price Currency') &&
    cells.includes('Total (inclusive of fees)'),
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
        total: 'Total (inclusive of fees)',
        fees: 'Fees',
      },
      ctx,
    ),
};
