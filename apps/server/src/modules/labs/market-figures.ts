import { changeFor, type LabsSort, type MarketItem } from '@lotwise/contracts/labs/labs';
import Decimal from 'decimal.js';

/** The change from `before` to `now` in percent, 2 decimals; null when either is unknown or `before` is 0. */
export function percentChange(
  now: string | null | undefined,
  before: string | null | undefined,
): string | null {
  if (!now || !before) return null;
  const then = new Decimal(before);
  if (then.isZero()) return null;
  return new Decimal(now).div(then).minus(1).times(100).toDecimalPlaces(2).toFixed(2);
}

/** A provider's percent as Labs shows it: 2 decimals. */
export function percentText(value: string | null): string | null {
  return value === null ? null : new Decimal(value).toDecimalPlaces(2).toFixed(2);
}

/** Highest change first; unknown changes last. */
export function byChangeDesc(sort: LabsSort) {
  return (a: MarketItem, b: MarketItem): number => {
    const x = changeFor(a, sort);
    const y = changeFor(b, sort);
    if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
    return new Decimal(y).comparedTo(new Decimal(x));
  };
}

/** Ranked first (by rank), then by symbol. */
export function byRank(a: MarketItem, b: MarketItem): number {
  if (a.rank !== null || b.rank !== null) {
    if (a.rank === null) return 1;
    if (b.rank === null) return -1;
    if (a.rank !== b.rank) return a.rank - b.rank;
  }
  return a.symbol.localeCompare(b.symbol);
}

/** The item for an asset Labs has no market figures for (its pages still show the user's side). */
export function bareItem(asset: string, name: string, rank: number | null): MarketItem {
  return {
    id: asset,
    symbol: asset,
    name,
    rank,
    price: null,
    market_cap: null,
    change_1d: null,
    change_7d: null,
    change_30d: null,
    sparkline: [],
  };
}
