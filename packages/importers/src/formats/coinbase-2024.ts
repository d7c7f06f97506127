import type { FormatDefinition } from '../core/types.ts';
import { createCoinbaseParser } from './coinbase-common.ts';

/**
 * Coinbase transaction history, layout B (2024): `ID` + `Price Currency`. Also the header-only
 * variant without `ID` (`Timestamp,…,Price Currency,Price at Transaction,…`).
 */
export const coinbase2024: FormatDefinition = {
  id: 'coinbase-2024',
  label: 'Coinbase transaction history (2024, with ID)',
  detect: (cells) =>
    cells.includes('Timestamp') &&
    cells.includes('Transaction Type') &&
    cells.includes('Price Currency') &&
    !cells.includes('Sender Address'),
  required: ['Timestamp', 'Transaction Type', 'Asset', 'Quantity Transacted', 'Price Currency', 'Subtotal'],
  create: (h, ctx) =>
    createCoinbaseParser(
      {
        ...(h.has('ID') ? { id: 'ID' } : {}),
        currency: 'Price Currency',
        subtotal: 'Subtotal',
        total: 'Total (inclusive of fees and/or spread)',
        fees: 'Fees and/or Spread',
      },
      ctx,
    ),
};
