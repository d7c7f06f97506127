import type { RowValue } from './explain.ts';
import { originLabel } from './origin-label.ts';

/** One line saying where a row's value came from, for the list's hover. */
export function valueLabel(value: RowValue): string {
  const price = value.price;
  const from = price ? originLabel(price.origin) : '';
  switch (value.source) {
    case 'file':
      return value.via.length > 0
        ? 'Value in the imported file, converted to your currency'
        : 'Value in the imported file';
    case 'fiat_leg':
      return value.via.length > 0
        ? 'Fiat side of the trade, converted to your currency'
        : 'Fiat side of the trade';
    case 'manual':
      return 'Your manual price';
    case 'trade_leg':
      return `Other side of the trade: ${value.pricedAsset} at its ${price?.precision === 'minute' ? 'minute' : 'daily'} price from ${from}${price?.source === 'peg' ? ' (peg)' : ''}`;
    case 'cache':
      return `${value.pricedAsset} ${price?.precision === 'minute' ? 'minute' : 'daily'} price from ${from} (price table)`;
    case 'provider':
      return `${value.pricedAsset} daily price fetched from ${from}`;
    case 'peg':
      return `${value.pricedAsset} valued at its peg (${price?.origin ?? 'USD peg'})`;
    default:
      return 'No fair market value found';
  }
}
