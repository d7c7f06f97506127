import type { FormatDefinition } from '../core/types.ts';
import { createCoinbaseParser } from './coinbase-common.ts';

/** Coinbase transaction history, layout A (2025+): ID column, symbol-prefixed values, addresses. */
export const coinbase2025: FormatDefinition = {
  id: 'coinbase-2025',
  label: 'Coinbase transaction history (2025+, with addresses)',
  detect: (cells) => cells[0] === 'ID' && cells[1] === 'Timestamp' && cells.includes('Sender Address'),
  required: [
    'ID',
    'Timestamp',
    'Transaction Type',
    'Asset',
    'Quantity Transacted',
    'Price Currency',
    'Subtotal',
  ],
  create: (_h, ctx) =>
    createCoinbaseParser(
      {
        id: 'ID',
        currency: 'Price Currency',
        subtotal: 'Subtotal',
        total: 'Total (inclusive of fees and/or spread)',
        fees: 'Fees and/or Spread',
      },
      ctx,
    ),
};
