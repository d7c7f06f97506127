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

/** PreparedRow.shape bits: which legs a row has, which of them are fiat, a usable fiat value. */
export const SENT = 1;
export const SENT_FIAT = 2;
export const RECEIVED = 4;
export const RECEIVED_FIAT = 8;
export const FEE = 16;
export const FEE_FIAT = 32;
export const FIAT_VALUE = 64;

/**
 * A validated row waiting to be processed: order and operation only. Its legs are built
 * just before processing (see prepare.ts `materialise`), so the amounts parsed from it are
 * young objects that die with the row instead of being promoted along with a million others.
 * Small on purpose (a million of them live through the sort): legs as `shape` bits, the
 * instant in `PreparedRows.instants` (a double field would be one more heap object per row).
 */
export class PreparedRow {
  /** For op 'pair': the incoming half (this row is the outgoing half). */
  partner: PreparedRow | null = null;
  /** True once pairing has folded this row (an incoming half) into its partner. */
  consumed = false;
  constructor(
    readonly tx: EngineTransaction,
    readonly id: string,
    readonly wallet: string,
    /** Position in the caller's list; the row's instant is `instants[slot]`. */
    readonly slot: number,
    /** Import-order tie-break (a pair takes the earlier of its halves'). */
    public index: number,
    public rank: number,
    public op: Operation,
    readonly shape: number,
  ) {}
}

/** Prepared rows in processing order and their instants (epoch ms), by `slot`. */
export interface PreparedRows {
  rows: PreparedRow[];
  instants: Float64Array;
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
  fiatCurrency: string;
  /** For op 'pair': the incoming half (this event is the outgoing half). */
  partner: EngineEvent | null;
}
