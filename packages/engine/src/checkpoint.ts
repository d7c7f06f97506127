import { ymdString } from './dates.ts';
import { fixedString, parseFixed } from './fixed.ts';
import type { Ledger } from './ledger.ts';
import { makeLot } from './lots/lot.ts';
import type { AllocationRecord, BasisMode, Checkpoint, SnapshotLot } from './types.ts';

/**
 * Snapshot of the lot state at the start of a local day. A caller (the server) stores one
 * per tax year; after an edit dated in year Y it resumes from the snapshot at 1 January Y
 * and recalculates only the rows from there on.
 */
export function takeCheckpoint(
  ledger: Ledger,
  day: number,
  basis: BasisMode,
  allocation: AllocationRecord | null,
): Checkpoint {
  const lots: SnapshotLot[] = [];
  for (const [pool, lotPool] of ledger.pools) {
    for (const lot of lotPool.lots()) {
      lots.push({
        pool,
        wallet: lot.wallet,
        asset: lot.asset,
        lotId: lot.lotId,
        sourceTxId: lot.sourceTxId,
        seq: lot.seq,
        acquiredMs: lot.acquiredMs,
        acquiredDay: lot.acquiredDay,
        amount: fixedString(lot.qty),
        costBasis: fixedString(lot.basis),
      });
    }
  }
  lots.sort((a, b) => a.seq - b.seq || a.acquiredMs - b.acquiredMs);
  return {
    day: ymdString(day),
    basis,
    perWallet: ledger.perWallet,
    nextSeq: ledger.nextSeq,
    lots,
    balances: [...ledger.balances].map(([key, amount]) => ({ key, amount: fixedString(amount) })),
    allocation,
  };
}

/** Loads a snapshot into an empty ledger. */
export function restoreCheckpoint(ledger: Ledger, checkpoint: Checkpoint): void {
  ledger.perWallet = checkpoint.perWallet;
  if (checkpoint.perWallet) ledger.trackWallets = false;
  ledger.nextSeq = checkpoint.nextSeq;
  for (const lot of checkpoint.lots) {
    ledger.pool(lot.wallet, lot.asset).add(
      makeLot({
        lotId: lot.lotId,
        sourceTxId: lot.sourceTxId,
        seq: lot.seq,
        asset: lot.asset,
        acquiredMs: lot.acquiredMs,
        acquiredDay: lot.acquiredDay,
        wallet: lot.wallet,
        qty: parseFixed(lot.amount),
        basis: parseFixed(lot.costBasis),
      }),
    );
  }
  for (const { key, amount } of checkpoint.balances) ledger.balances.set(key, parseFixed(amount));
}
