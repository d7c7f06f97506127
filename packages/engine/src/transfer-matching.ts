import { isFiat } from './assets.ts';
import { parseInstant } from './dates.ts';
import { Dec, parseDecimal } from './decimal.ts';
import type { EngineTransaction } from './types.ts';

export interface TransferMatchOptions {
  /** How long after a withdrawal the deposit may arrive. Default 24 hours. */
  windowHours?: number;
  /** Largest share of the amount the network may keep as a fee. Default 0.05 (5 %). */
  maxFeeShare?: string;
}

interface Half {
  index: number;
  ms: number;
  asset: string;
  amount: Dec;
  wallet: string;
  hash: string;
}

/**
 * Suggests self-transfer pairs between the user's wallets (a caller such as the CLI applies
 * them; the server would show them for confirmation). Unclassified crypto withdrawals and
 * deposits are matched first by transaction hash, then by asset, time (deposit within the
 * window after the withdrawal) and amount (received ≤ sent, at most maxFeeShare less),
 * earliest first. Returns a copy of the list with `classification: 'self_transfer'` and a
 * `pairId` on matched rows; nothing else changes.
 */
export function matchTransfers(
  transactions: readonly EngineTransaction[],
  options: TransferMatchOptions = {},
): EngineTransaction[] {
  const windowMs = (options.windowHours ?? 24) * 3_600_000;
  const maxFeeShare = new Dec(options.maxFeeShare ?? '0.05');
  const outs: Half[] = [];
  const ins: Half[] = [];
  transactions.forEach((tx, index) => {
    if (tx.classification || tx.pairId || tx.ignored) return;
    const ms = parseInstant(tx.timestamp);
    if (ms === null) return;
    const hash = (tx.tx_hash ?? '').trim().toLowerCase();
    if (tx.kind === 'withdrawal' && tx.sent && !tx.received && !isFiat(tx.sent.asset)) {
      const amount = parseDecimal(tx.sent.amount);
      const fee = tx.fee && tx.fee.asset === tx.sent.asset ? parseDecimal(tx.fee.amount) : null;
      if (amount?.gt(0))
        outs.push({
          index,
          ms,
          asset: tx.sent.asset,
          amount: amount.plus(fee ?? 0),
          wallet: tx.wallet,
          hash,
        });
    } else if (tx.kind === 'deposit' && tx.received && !tx.sent && !isFiat(tx.received.asset)) {
      const amount = parseDecimal(tx.received.amount);
      if (amount?.gt(0)) ins.push({ index, ms, asset: tx.received.asset, amount, wallet: tx.wallet, hash });
    }
  });
  const pairs: Array<[number, number]> = [];
  const used = new Set<number>();
  const byHash = new Map<string, Half>();
  for (const half of ins) if (half.hash !== '') byHash.set(`${half.hash}|${half.asset}`, half);
  for (const out of outs) {
    if (out.hash === '') continue;
    const into = byHash.get(`${out.hash}|${out.asset}`);
    if (into && into.wallet !== out.wallet && !used.has(into.index)) {
      pairs.push([out.index, into.index]);
      used.add(out.index);
      used.add(into.index);
    }
  }
  ins.sort((a, b) => a.ms - b.ms || a.index - b.index);
  for (const out of [...outs].sort((a, b) => a.ms - b.ms || a.index - b.index)) {
    if (used.has(out.index)) continue;
    const floor = out.amount.times(new Dec(1).minus(maxFeeShare));
    const into = ins.find(
      (half) =>
        !used.has(half.index) &&
        half.asset === out.asset &&
        half.wallet !== out.wallet &&
        half.ms >= out.ms &&
        half.ms - out.ms <= windowMs &&
        half.amount.lte(out.amount) &&
        half.amount.gte(floor),
    );
    if (into) {
      pairs.push([out.index, into.index]);
      used.add(out.index);
      used.add(into.index);
    }
  }
  const result = [...transactions];
  for (const [outIndex, inIndex] of pairs) {
    const pairId = `auto:${transactions[outIndex]!.id}`;
    result[outIndex] = { ...transactions[outIndex]!, classification: 'self_transfer', pairId };
    result[inIndex] = { ...transactions[inIndex]!, classification: 'self_transfer', pairId };
  }
  return result;
}
