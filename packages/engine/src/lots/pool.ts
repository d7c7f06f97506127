import { moneyShare } from '../fixed.ts';
import type { Lot, Piece, Taken } from './lot.ts';
import type { LotMethod } from './methods.ts';

/**
 * The open lots of one asset (in one wallet, or universally), kept as a binary heap
 * ordered by the current method. Changing method (a new tax year) re-heapifies once.
 */
export class LotPool {
  private heap: Lot[] = [];

  constructor(private method: LotMethod) {}

  get size(): number {
    return this.heap.length;
  }

  add(lot: Lot): void {
    const heap = this.heap;
    heap.push(lot);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.method.before(lot, heap[parent]!)) break;
      heap[index] = heap[parent]!;
      index = parent;
    }
    heap[index] = lot;
  }

  /**
   * Removes `qty` units, best lot first. A lot only partly needed is split in proportion to
   * quantity; the remainder keeps basis − taken basis, so basis is conserved exactly.
   */
  take(qty: bigint, method: LotMethod): Taken {
    if (method !== this.method) this.reorder(method);
    const pieces: Piece[] = [];
    let remaining = qty;
    while (remaining > 0n && this.heap.length > 0) {
      const top = this.heap[0]!;
      if (top.qty <= remaining) {
        this.pop();
        pieces.push({ lot: top, qty: top.qty, basis: top.basis, whole: true });
        remaining -= top.qty;
      } else {
        const basis = moneyShare(top.basis, remaining, top.qty);
        top.qty -= remaining;
        top.basis -= basis;
        pieces.push({ lot: top, qty: remaining, basis, whole: false });
        remaining = 0n;
      }
    }
    return { pieces, uncovered: remaining };
  }

  /** Every open lot, in no particular order. */
  lots(): readonly Lot[] {
    return this.heap;
  }

  /** Empties the pool and returns its lots. */
  drain(): Lot[] {
    const lots = this.heap;
    this.heap = [];
    return lots;
  }

  private pop(): void {
    const heap = this.heap;
    const last = heap.pop()!;
    if (heap.length === 0) return;
    this.siftDown(last, 0);
  }

  private siftDown(lot: Lot, start: number): void {
    const heap = this.heap;
    const length = heap.length;
    let index = start;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= length) break;
      const right = left + 1;
      const child = right < length && this.method.before(heap[right]!, heap[left]!) ? right : left;
      if (!this.method.before(heap[child]!, lot)) break;
      heap[index] = heap[child]!;
      index = child;
    }
    heap[index] = lot;
  }

  private reorder(method: LotMethod): void {
    this.method = method;
    for (let index = (this.heap.length >> 1) - 1; index >= 0; index--) {
      this.siftDown(this.heap[index]!, index);
    }
  }
}
