import { isFiat } from './assets.ts';
import { parseInstant } from './dates.ts';
import { isDecimalText } from './decimal.ts';
import { mulFixed, parseFixed, SCALE } from './fixed.ts';
import type { EngineTransaction } from './types.ts';

export interface TransferMatchOptions {
  /** How long after a withdrawal the deposit may arrive. Default 24 hours. */
  windowHours?: number;
  /** Largest share of the amount the network may keep as a fee. Default 0.05 (5 %). */
  maxFeeShare?: string;
  /**
   * The rows are the caller's to change (the CLI's, parsed for this run): matched rows are
   * marked where they are and the same list is returned, with no copy of the list or rows.
   */
  inPlace?: boolean;
}

interface Half {
  index: number;
  ms: number;
  asset: string;
  /** Fixed point (fixed.ts): a million rows compared without a decimal.js object each. */
  amount: bigint;
  wallet: string;
  hash: string;
}

/**
 * Suggests self-transfer pairs between the user's wallets (a caller such as the CLI applies
 * them; the server would show them for confirmation). Unclassified crypto withdrawals and
 * deposits are matched first by transaction hash, then by asset, time (deposit within the
 * window after the withdrawal) and amount (received ≤ sent, at most maxFeeShare less),
 * earliest first. Returns a copy of the list with `classification: 'self_transfer'` and a
 * `pairId` on matched rows (or, with `inPlace`, marks them in the caller's list); nothing else
 * changes.
 */
export function matchTransfers(
  transactions: readonly EngineTransaction[],
  options: TransferMatchOptions = {},
): EngineTransaction[] {
  const windowMs = (options.windowHours ?? 24) * 3_600_000;
  const keep = SCALE - fixedOf(options.maxFeeShare ?? '0.05')!;
  const outs: Half[] = [];
  const ins: Half[] = [];
  transactions.forEach((tx, index) => {
    // The kind first: most rows are neither, and are passed over without parsing anything.
    const out = tx.kind === 'withdrawal';
    if ((!out && tx.kind !== 'deposit') || tx.classification || tx.pairId || tx.ignored) return;
    const leg = out ? tx.sent : tx.received;
    if (!leg || (out ? tx.received : tx.sent) || isFiat(leg.asset)) return;
    const ms = parseInstant(tx.timestamp);
    if (ms === null) return;
    const amount = fixedOf(leg.amount);
    if (amount === null || amount <= 0n) return;
    const hash = (tx.tx_hash ?? '').trim().toLowerCase();
    if (out) {
      const fee = tx.fee && tx.fee.asset === leg.asset ? fixedOf(tx.fee.amount) : null;
      outs.push({ index, ms, asset: leg.asset, amount: amount + (fee ?? 0n), wallet: tx.wallet, hash });
    } else ins.push({ index, ms, asset: leg.asset, amount, wallet: tx.wallet, hash });
  });
  const pairs: Array<[number, number]> = [];
  const used = new Set<number>();
  // Deposits by hash: the hash itself is the key (a key joined from hash and asset was a new
  // string to hash for every one of 200,000 transfers); of one hash and asset, the last counts.
  const byHash = new Map<string, Half | Half[]>();
  for (const half of ins) {
    if (half.hash === '') continue;
    const entry = byHash.get(half.hash);
    if (entry === undefined) byHash.set(half.hash, half);
    else if (Array.isArray(entry)) entry.push(half);
    else byHash.set(half.hash, [entry, half]);
  }
  for (const out of outs) {
    if (out.hash === '') continue;
    const into = lastOfAsset(byHash.get(out.hash), out.asset);
    if (into && into.wallet !== out.wallet && !used.has(into.index)) {
      pairs.push([out.index, into.index]);
      used.add(out.index);
      used.add(into.index);
    }
  }
  // Deposits per asset in time order; each withdrawal scans only its time window.
  const byAsset = new Map<string, Half[]>();
  for (const half of ins) {
    const list = byAsset.get(half.asset);
    if (list) list.push(half);
    else byAsset.set(half.asset, [half]);
  }
  for (const list of byAsset.values()) list.sort((a, b) => a.ms - b.ms || a.index - b.index);
  for (const out of [...outs].sort((a, b) => a.ms - b.ms || a.index - b.index)) {
    if (used.has(out.index)) continue;
    const list = byAsset.get(out.asset);
    if (list === undefined) continue;
    const floor = mulFixed(out.amount, keep);
    for (let i = firstAtOrAfter(list, out.ms); i < list.length; i++) {
      const half = list[i]!;
      if (half.ms - out.ms > windowMs) break;
      if (used.has(half.index) || half.wallet === out.wallet) continue;
      if (half.amount <= out.amount && half.amount >= floor) {
        pairs.push([out.index, half.index]);
        used.add(out.index);
        used.add(half.index);
        break;
      }
    }
  }
  if (options.inPlace) {
    const rows = transactions as EngineTransaction[];
    for (const [outIndex, inIndex] of pairs) {
      const pairId = `auto:${rows[outIndex]!.id}`;
      for (const row of [rows[outIndex]!, rows[inIndex]!]) {
        row.classification = 'self_transfer';
        row.pairId = pairId;
      }
    }
    return rows;
  }
  const result = [...transactions];
  for (const [outIndex, inIndex] of pairs) {
    const pairId = `auto:${transactions[outIndex]!.id}`;
    result[outIndex] = { ...transactions[outIndex]!, classification: 'self_transfer', pairId };
    result[inIndex] = { ...transactions[inIndex]!, classification: 'self_transfer', pairId };
  }
  return result;
}

/** The last deposit of `asset` among those of one hash. */
function lastOfAsset(entry: Half | Half[] | undefined, asset: string): Half | undefined {
  if (entry === undefined) return undefined;
  if (!Array.isArray(entry)) return entry.asset === asset ? entry : undefined;
  for (let i = entry.length - 1; i >= 0; i--) if (entry[i]!.asset === asset) return entry[i];
  return undefined;
}

/** Fixed point of a decimal text, or null when it is not one. */
function fixedOf(text: string): bigint | null {
  const trimmed = text.trim();
  return isDecimalText(trimmed) ? parseFixed(trimmed) : null;
}

/** Index of the first half at or after `ms` (binary search over a time-sorted list). */
function firstAtOrAfter(list: readonly Half[], ms: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (list[mid]!.ms < ms) low = mid + 1;
    else high = mid;
  }
  return low;
}
