import { splitPair } from '../core/assets.ts';
import { exchange, feeOf, money } from '../core/records.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * Coinbase Pro / Exchange fills report (§3.2). One row per fill; `total` is fee-inclusive
 * (negative on buys), so the quote leg is rebuilt as size × price and the fee kept apart.
 */
export const coinbaseproFills: FormatDefinition = {
  id: 'coinbasepro-fills',
  label: 'Coinbase Pro / Exchange fills',
  detect: (cells) => (cells[0] === 'portfolio' || cells[0] === 'trade id') && cells.includes('created at'),
  required: ['trade id', 'product', 'side', 'created at', 'size', 'price', 'fee', 'price/fee/total unit'],
  create: (_h, ctx) => ({
    row(row) {
      const product = row.req('product');
      const pair = splitPair(product);
      if (!pair) throw row.problem('product', `cannot split product "${product}" into base and quote`);
      const [base, quote] = pair;
      const size = row.reqUnsignedAmount('size');
      const price = row.reqUnsignedAmount('price');
      const unit = row.req('price/fee/total unit');
      const side = row.req('side').toUpperCase();
      if (side !== 'BUY' && side !== 'SELL') throw row.problem('side', `expected BUY or SELL, got "${side}"`);
      const baseLeg = money(row.opt('size unit') ?? base, size);
      const quoteLeg = money(quote, size.abs().times(price));
      ctx.emit(
        exchange({
          timestamp: row.time('created at'),
          lines: [row.line],
          sent: side === 'BUY' ? quoteLeg : baseLeg,
          received: side === 'BUY' ? baseLeg : quoteLeg,
          fee: feeOf(unit, row.amount('fee')),
          external_id: row.opt('trade id'),
        }),
      );
    },
  }),
};
