import { isoString, type Ymd } from '../dates.ts';

/**
 * An open lot: units of one asset acquired together, with their remaining basis. A small
 * class (no closures, one hidden class); quantities and basis are fixed-point bigints
 * (see fixed.ts).
 */
export class Lot {
  /** Fee-inclusive unit cost unitNum / unitDen, fixed on first use by HIFO/LOFO (unitDen 0n until then). */
  unitNum = 0n;
  unitDen = 0n;
  /** The same as a float, only to order lots quickly; exact ties fall back to the bigints. */
  unitKey = 0;
  /** ISO form of acquiredMs, made on first use by an audit line. */
  acquiredIso: string | null = null;
  constructor(
    /** Id of the acquisition (transaction id and leg); pieces split off keep it. */
    readonly lotId: string,
    readonly sourceTxId: string,
    /** Creation order, the last tie-break of every method. */
    readonly seq: number,
    readonly asset: string,
    readonly acquiredMs: number,
    readonly acquiredDay: Ymd,
    /** Where the units are (in universal mode: where they were acquired). */
    public wallet: string,
    public qty: bigint,
    public basis: bigint,
  ) {}
}

/** Part of a lot taken by a disposal or a move. */
export interface Piece {
  lot: Lot;
  qty: bigint;
  basis: bigint;
  /** The whole lot (taken out of its pool), not a part split off a lot that stays. */
  whole: boolean;
}

/** What a pool gave for a requested quantity; `uncovered` is the part no lot could cover. */
export interface Taken {
  pieces: Piece[];
  uncovered: bigint;
}

export interface NewLot {
  lotId: string;
  sourceTxId: string;
  seq: number;
  asset: string;
  acquiredMs: number;
  acquiredDay: Ymd;
  wallet: string;
  qty: bigint;
  basis: bigint;
}

export function makeLot(init: NewLot): Lot {
  return new Lot(
    init.lotId,
    init.sourceTxId,
    init.seq,
    init.asset,
    init.acquiredMs,
    init.acquiredDay,
    init.wallet,
    init.qty,
    init.basis,
  );
}

/** A copy of `lot` with another place and amounts (a piece moved, carried or allocated). */
export function pieceLot(lot: Lot, asset: string, wallet: string, qty: bigint, basis: bigint): Lot {
  return new Lot(
    lot.lotId,
    lot.sourceTxId,
    lot.seq,
    asset,
    lot.acquiredMs,
    lot.acquiredDay,
    wallet,
    qty,
    basis,
  );
}

export function acquiredIsoOf(lot: Lot): string {
  if (lot.acquiredIso === null) lot.acquiredIso = isoString(lot.acquiredMs);
  return lot.acquiredIso;
}

/**
 * Fixes the lot's unit cost (basis / qty, 0 for no units) on first use, as the decimal engine
 * did: later splits of the lot do not change the order it was given.
 */
function fixUnitCost(lot: Lot): void {
  if (lot.unitDen !== 0n) return;
  if (lot.qty === 0n) {
    lot.unitNum = 0n;
    lot.unitDen = 1n;
  } else {
    lot.unitNum = lot.basis;
    lot.unitDen = lot.qty;
  }
  lot.unitKey = Number(lot.unitNum) / Number(lot.unitDen);
}

/** -1, 0 or 1 as a's unit cost is lower, equal or higher than b's, exactly. */
export function compareUnitCost(a: Lot, b: Lot): number {
  fixUnitCost(a);
  fixUnitCost(b);
  const keyA = a.unitKey;
  const keyB = b.unitKey;
  // Float keys apart by more than their rounding error order correctly; else cross-multiply.
  const tolerance = 1e-9 * (Math.abs(keyA) + Math.abs(keyB));
  if (keyB - keyA > tolerance) return -1;
  if (keyA - keyB > tolerance) return 1;
  const left = a.unitNum * b.unitDen;
  const right = b.unitNum * a.unitDen;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function sumPieces(pieces: readonly Piece[]): { qty: bigint; basis: bigint } {
  let qty = 0n;
  let basis = 0n;
  for (const piece of pieces) {
    qty += piece.qty;
    basis += piece.basis;
  }
  return { qty, basis };
}
