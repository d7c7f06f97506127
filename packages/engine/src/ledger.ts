import type { Ymd } from './dates.ts';
import { fixedMin, qtyShare } from './fixed.ts';
import { Lot, pieceLot, type Taken } from './lots/lot.ts';
import type { LotMethod } from './lots/methods.ts';
import { LotPool } from './lots/pool.ts';

/** Where units wait between an unmatched withdrawal and an unmatched deposit. */
export const TRANSIT = '(in transit)';

/** Where locked-up staking units sit until they return. */
export function stakedPlace(wallet: string): string {
  return `${wallet} (staked)`;
}

function isVirtual(wallet: string): boolean {
  return wallet === TRANSIT || wallet.endsWith(' (staked)');
}

const SEP = '\u0001';

export interface Origin {
  txId: string;
  ms: number;
  day: Ymd;
}

/**
 * All lot pools. Universal application keeps one pool per asset; per-wallet one per wallet
 * and asset. In universal mode a move between wallets changes nothing in the pool; unit
 * balances of virtual places (transit, staked) and, for the us-2025 transition, of every
 * wallet are counted so the pool can later be split between wallets.
 */
export class Ledger {
  /** Every pool by key (asset, or wallet SEP asset), for iteration. */
  readonly pools = new Map<string, LotPool>();
  private readonly byWallet = new Map<string, Map<string, LotPool>>();
  private readonly universal = new Map<string, LotPool>();
  /** wallet SEP asset → units (universal mode only). */
  readonly balances = new Map<string, bigint>();
  nextSeq = 0;

  constructor(
    public perWallet: boolean,
    public trackWallets: boolean,
    private method: LotMethod,
  ) {}

  setMethod(method: LotMethod): void {
    this.method = method;
  }

  currentMethod(): LotMethod {
    return this.method;
  }

  poolKey(wallet: string, asset: string): string {
    return this.perWallet ? wallet + SEP + asset : asset;
  }

  pool(wallet: string, asset: string): LotPool {
    // Per wallet, a two-level index avoids building a key string on every lookup.
    let byAsset = this.perWallet ? this.byWallet.get(wallet) : this.universal;
    if (byAsset === undefined) {
      byAsset = new Map();
      this.byWallet.set(wallet, byAsset);
    }
    let pool = byAsset.get(asset);
    if (pool === undefined) {
      pool = new LotPool(this.method);
      byAsset.set(asset, pool);
      this.pools.set(this.poolKey(wallet, asset), pool);
    }
    return pool;
  }

  /** Forgets every pool (the us-2025 switch rebuilds them per wallet). */
  resetPools(): void {
    this.pools.clear();
    this.byWallet.clear();
    this.universal.clear();
  }

  /** Adds a new lot (an acquisition). */
  acquire(wallet: string, asset: string, qty: bigint, basis: bigint, lotId: string, origin: Origin): Lot {
    const lot = new Lot(lotId, origin.txId, this.nextSeq++, asset, origin.ms, origin.day, wallet, qty, basis);
    this.pool(wallet, asset).add(lot);
    this.bump(wallet, asset, qty);
    return lot;
  }

  /** Removes units for a disposal; the uncovered part is what no lot could cover. */
  remove(wallet: string, asset: string, qty: bigint): Taken {
    this.bump(wallet, asset, qty, true);
    return this.pool(wallet, asset).take(qty, this.method);
  }

  /**
   * Moves units between wallets/places keeping basis and dates. Returns the pieces moved
   * (per-wallet mode) and the uncovered quantity, which arrives as a zero-basis lot dated now.
   */
  move(from: string, to: string, asset: string, qty: bigint, origin: Origin): Taken {
    let taken: Taken;
    if (this.perWallet) {
      taken = this.pool(from, asset).take(qty, this.method);
      const destination = this.pool(to, asset);
      for (const piece of taken.pieces) {
        destination.add(this.rehome(piece.lot, piece.qty, piece.basis, to, piece.whole));
      }
    } else if (isVirtual(from)) {
      const held = this.balance(from, asset);
      const covered = fixedMin(held < 0n ? 0n : held, qty);
      this.bump(from, asset, covered, true);
      taken = { pieces: [], uncovered: qty - covered };
    } else {
      this.bump(from, asset, qty, true);
      taken = { pieces: [], uncovered: 0n };
    }
    const arrived = qty - taken.uncovered;
    if (!this.perWallet) this.bump(to, asset, arrived);
    if (taken.uncovered > 0n) {
      this.acquire(to, asset, taken.uncovered, 0n, `${origin.txId}:uncovered`, origin);
    }
    return taken;
  }

  /** A piece of a lot placed in `wallet`: the lot object itself when the piece is the whole lot. */
  rehome(lot: Lot, qty: bigint, basis: bigint, wallet: string, whole: boolean): Lot {
    if (whole) {
      lot.wallet = wallet;
      return lot;
    }
    return pieceLot(lot, lot.asset, wallet, qty, basis);
  }

  /**
   * Re-creates taken pieces as lots of another asset (rebrand, staking derivative): same
   * basis and acquisition dates, quantities scaled to `newQty` (the last piece takes the
   * rounding remainder so units are exact). Uncovered units arrive with zero basis, dated now.
   */
  carry(taken: Taken, wallet: string, asset: string, newQty: bigint, origin: Origin): void {
    let total = taken.uncovered;
    for (const piece of taken.pieces) total += piece.qty;
    if (total === 0n) return;
    let left = newQty;
    const pool = this.pool(wallet, asset);
    const count = taken.pieces.length;
    for (let i = 0; i < count; i++) {
      const piece = taken.pieces[i]!;
      const last = i === count - 1 && taken.uncovered === 0n;
      const qty = last ? left : qtyShare(piece.qty, newQty, total);
      left -= qty;
      pool.add(pieceLot(piece.lot, asset, wallet, qty, piece.basis));
      this.bump(wallet, asset, qty);
    }
    if (taken.uncovered > 0n) this.acquire(wallet, asset, left, 0n, `${origin.txId}:uncovered`, origin);
  }

  balance(wallet: string, asset: string): bigint {
    return this.balances.get(wallet + SEP + asset) ?? 0n;
  }

  /** Every open lot of every pool. */
  *allLots(): Generator<Lot> {
    for (const pool of this.pools.values()) yield* pool.lots();
  }

  /** Counts units in (or out, when `out`) of a wallet or place, where counting is needed. */
  private bump(wallet: string, asset: string, amount: bigint, out = false): void {
    if (this.perWallet) return;
    if (!this.trackWallets && !isVirtual(wallet)) return;
    const delta = out ? -amount : amount;
    const key = wallet + SEP + asset;
    const current = this.balances.get(key);
    this.balances.set(key, current === undefined ? delta : current + delta);
  }
}

export function splitBalanceKey(key: string): { wallet: string; asset: string } {
  const at = key.lastIndexOf(SEP);
  return { wallet: key.slice(0, at), asset: key.slice(at + 1) };
}
