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

/**
 * A validated row waiting to be processed: order and operation only. Its legs are built
 * just before processing (see prepare.ts `materialise`), so the Decimals parsed from it are
 * young objects that die with the row instead of being promoted along with a million others.
 */
export interface PreparedRow {
  tx: EngineTransaction;
  id: string;
  wallet: string;
  index: number;
  ms: number;
  day: number;
  year: number;
  rank: number;
  op: Operation;
  sent: LegShape | null;
  received: LegShape | null;
  fee: LegShape | null;
  hasFiatValue: boolean;
  /** For op 'pair': the incoming half (this row is the outgoing half). */
  partner: PreparedRow | null;
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
