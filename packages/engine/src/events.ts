import type { EngineTransaction } from './types.ts';

/** What classification needs to know of a leg: present, and fiat or not. */
export interface LegShape {
  readonly fiat: boolean;
}

export const CRYPTO_LEG: LegShape = { fiat: false };
export const FIAT_LEG: LegShape = { fiat: true };

/** A leg after validation: well-formed asset, non-negative amount (fixed point, see fixed.ts). */
export class Leg implements LegShape {
  constructor(
    readonly asset: string,
    readonly amount: bigint,
    readonly fiat: boolean,
    /** The row's own text of the amount when it is exactly fixedString(amount), else null. */
    readonly text: string | null = null,
  ) {}
}

/**
 * What a row does to lots. Chosen from the user's classification first, then the row's
 * kind and legs (see classify.ts and README "Classification").
 */
export type Operation =
  | 'buy'
  | 'sell'
  | 'trade'
  | 'carry'
  | 'income'
  | 'fork'
  | 'gift_in'
  | 'transfer_in'
  | 'transfer_out'
  | 'stake_lock'
  | 'stake_return'
  | 'pair'
  | 'spend'
  | 'gift_out'
  | 'donation'
  | 'lost'
  | 'stolen'
  | 'fee'
  | 'margin_gain'
  | 'margin_loss'
  | 'margin_fee'
  | 'none';

/** Same-instant order: acquisitions (0) before trades and moves (1) before disposals (2). */
export function rankOf(op: Operation): number {
  switch (op) {
    case 'buy':
    case 'income':
    case 'fork':
    case 'gift_in':
    case 'transfer_in':
    case 'stake_return':
    case 'margin_gain':
      return 0;
    case 'trade':
    case 'carry':
    case 'pair':
    case 'transfer_out':
    case 'stake_lock':
      return 1;
    default:
      return 2;
  }
}

/**
 * Shape bits of a prepared row: which legs it has, which of them are fiat, a usable fiat value,
 * a usable fee price.
 */
export const SENT = 1;
export const SENT_FIAT = 2;
export const RECEIVED = 4;
export const RECEIVED_FIAT = 8;
export const FEE = 16;
export const FEE_FIAT = 32;
export const FIAT_VALUE = 64;
export const FEE_PRICE = 128;

const OPERATIONS: readonly Operation[] = [
  'buy',
  'sell',
  'trade',
  'carry',
  'income',
  'fork',
  'gift_in',
  'transfer_in',
  'transfer_out',
  'stake_lock',
  'stake_return',
  'pair',
  'spend',
  'gift_out',
  'donation',
  'lost',
  'stolen',
  'fee',
  'margin_gain',
  'margin_loss',
  'margin_fee',
  'none',
];
const OP_CODE = new Map(OPERATIONS.map((op, code) => [op, code]));
// info bits: operation code (5), same-instant rank (2), shape (8), consumed by a pair (1),
// has a pairId (1).
const RANK_SHIFT = 5;
const SHAPE_SHIFT = 7;
const CONSUMED = 1 << 15;
const PAIR_ID = 1 << 16;

/** A row's id as the engine reports it: its own, or its 1-based position. */
export function rowId(tx: EngineTransaction, slot: number): string {
  return typeof tx?.id === 'string' && tx.id !== '' ? tx.id : `#${slot + 1}`;
}

export function rowWallet(tx: EngineTransaction): string {
  return typeof tx.wallet === 'string' && tx.wallet !== '' ? tx.wallet : 'default';
}

/**
 * Validated rows waiting to be processed, as columns indexed by slot (the row's position in
 * the caller's list): order and operation only. No object per row: a million of them lived
 * through the sort and were copied twice by the garbage collector. Legs are built just before
 * processing (see prepare.ts `materialise`), so the amounts parsed from a row are young
 * objects that die with it.
 */
export class PreparedRows {
  readonly instants: Float64Array;
  /** Import-order tie-break (a pair takes the earlier of its halves'). */
  readonly index: Int32Array;
  /** For op 'pair': the incoming half's slot; -1 otherwise. */
  readonly partner: Int32Array;
  private readonly info: Int32Array;
  /** Slots to process, in processing order (set once pairing and sorting are done). */
  order: number[] = [];

  constructor(readonly transactions: readonly EngineTransaction[]) {
    const count = transactions.length;
    this.instants = new Float64Array(count);
    this.index = new Int32Array(count);
    this.partner = new Int32Array(count).fill(-1);
    this.info = new Int32Array(count);
  }

  /** Records a valid row; `pairId`: it has one (pairing then reads only such rows). */
  set(slot: number, ms: number, op: Operation, shape: number, pairId = false): void {
    this.instants[slot] = ms;
    this.index[slot] = slot;
    this.setOp(slot, op, shape);
    if (pairId) this.info[slot] = this.info[slot]! | PAIR_ID;
  }

  hasPairId(slot: number): boolean {
    return (this.info[slot]! & PAIR_ID) !== 0;
  }

  op(slot: number): Operation {
    return OPERATIONS[this.info[slot]! & 31]!;
  }

  /** 0 acquisitions, 1 trades and moves, 2 disposals: same-instant order. */
  rank(slot: number): number {
    return (this.info[slot]! >> RANK_SHIFT) & 3;
  }

  shape(slot: number): number {
    return (this.info[slot]! >> SHAPE_SHIFT) & 255;
  }

  /** Makes `out` the pair event of `into`, which is then skipped. */
  pair(out: number, into: number): void {
    if (this.instants[into]! < this.instants[out]!) this.instants[out] = this.instants[into]!;
    this.index[out] = Math.min(this.index[out]!, this.index[into]!);
    this.setOp(out, 'pair', this.shape(out));
    this.partner[out] = into;
    this.info[into] = this.info[into]! | CONSUMED;
  }

  consumed(slot: number): boolean {
    return (this.info[slot]! & CONSUMED) !== 0;
  }

  /** Processing order: instant, then rank, then import order. */
  readonly compare = (a: number, b: number): number =>
    this.instants[a]! - this.instants[b]! || this.rank(a) - this.rank(b) || this.index[a]! - this.index[b]!;

  private setOp(slot: number, op: Operation, shape: number): void {
    this.info[slot] =
      (this.info[slot]! & PAIR_ID) | OP_CODE.get(op)! | (rankOf(op) << RANK_SHIFT) | (shape << SHAPE_SHIFT);
  }
}

/** One row as the handlers see it. */
export interface EngineEvent {
  tx: EngineTransaction;
  id: string;
  wallet: string;
  /** Position in the caller's list (import order). */
  index: number;
  ms: number;
  day: number;
  year: number;
  /** 0 acquisitions, 1 trades and moves, 2 disposals: same-instant order. */
  rank: number;
  op: Operation;
  sent: Leg | null;
  received: Leg | null;
  fee: Leg | null;
  /** The row's fiat_value (absolute, fixed point) and its currency, if it had one. */
  fiatValue: bigint | null;
  /** The row's own text of fiatValue when it is exactly fixedString(fiatValue), else null. */
  fiatText: string | null;
  fiatCurrency: string;
  /** The user's price of one fee unit (fixed point), when the row has a usable one. */
  feePrice: bigint | null;
  /** For op 'pair': the incoming half (this event is the outgoing half). */
  partner: EngineEvent | null;
}
