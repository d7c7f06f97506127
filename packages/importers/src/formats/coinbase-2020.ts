import type { Header } from '../core/header.ts';
import type { FormatDefinition } from '../core/types.ts';
import { createCoinbaseParser } from './coinbase-common.ts';

/** Coinbase transaction history, layout E (≤2020): the account fiat prefixes the money headers. */
const SPOT = /^[A-Z]{3} Spot Price at Transaction$/;

const fiatOf = (h: Header): string => (h.nameOf(SPOT) ?? 'XXX').slice(0, 3);

export const coinbase2020: FormatDefinition = {
  id: 'coinbase-2020',
  label: 'Coinbase transaction history (≤2020, currency-prefixed columns)',
  detect: (cells) =>
    cells[0] === 'Timestamp' && cells.includes('Transaction Type') && cells.some((c) => SPOT.test(c)),
  required: (h) => ['Timestamp', 'Transaction Type', 'Asset', 'Quantity Transacted', `${fiatOf(h)} Subtotal`],
  create: (h, ctx) => {
    const currency = fiatOf(h);
    return createCoinbaseParser(
      {
        currency: () => currency,
        subtotal: `${currency} Subtotal`,
        total: `${currency} Total (inclusive of fees)`,
        fees: `${currency} Fees`,
      },
      ctx,
    );
  },
};
