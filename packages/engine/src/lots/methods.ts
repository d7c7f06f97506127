import type { LotMethodName } from '../types.ts';
import { compareUnitCost, type Lot } from './lot.ts';

/** A lot selection method: decides which open lot a disposal consumes first. */
export interface LotMethod {
  readonly name: LotMethodName;
  /** True when lot `a` must be consumed before lot `b`. */
  before(a: Lot, b: Lot): boolean;
}

function olderFirst(a: Lot, b: Lot): boolean {
  return a.acquiredMs < b.acquiredMs || (a.acquiredMs === b.acquiredMs && a.seq < b.seq);
}

/** First in, first out: earliest acquisition first. */
export class FifoMethod implements LotMethod {
  readonly name = 'fifo';
  before(a: Lot, b: Lot): boolean {
    return olderFirst(a, b);
  }
}

/** Last in, first out: latest acquisition first. */
export class LifoMethod implements LotMethod {
  readonly name = 'lifo';
  before(a: Lot, b: Lot): boolean {
    return olderFirst(b, a);
  }
}

/** Highest fee-inclusive unit cost first; equal costs oldest first. */
export class HifoMethod implements LotMethod {
  readonly name = 'hifo';
  before(a: Lot, b: Lot): boolean {
    const order = compareUnitCost(a, b);
    return order === 0 ? olderFirst(a, b) : order > 0;
  }
}

/** Lowest unit cost first; equal costs oldest first. */
export class LofoMethod implements LotMethod {
  readonly name = 'lofo';
  before(a: Lot, b: Lot): boolean {
    const order = compareUnitCost(a, b);
    return order === 0 ? olderFirst(a, b) : order < 0;
  }
}

const METHODS: Record<LotMethodName, LotMethod> = {
  fifo: new FifoMethod(),
  lifo: new LifoMethod(),
  hifo: new HifoMethod(),
  lofo: new LofoMethod(),
};

export function lotMethod(name: LotMethodName): LotMethod {
  return METHODS[name];
}

export function isLotMethodName(value: string): value is LotMethodName {
  return value === 'fifo' || value === 'lifo' || value === 'hifo' || value === 'lofo';
}
