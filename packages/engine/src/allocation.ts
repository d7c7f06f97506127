import { ymdString } from './dates.ts';
import { fixedMin, fixedString, moneyShare } from './fixed.ts';
import { type Ledger, splitBalanceKey } from './ledger.ts';
import { compareUnitCost, type Lot } from './lots/lot.ts';
import type { AllocationEntry, AllocationRecord, AllocationRule, EngineWarning } from './types.ts';

interface Part {
  lot: Lot;
  qty: bigint;
  basis: bigint;
  /** Still the whole lot (never split by a capacity). */
  whole: boolean;
}

/**
 * Switches the ledger from one pool per asset to one pool per wallet and asset (Rev. Proc.
 * 2024-28 safe harbor): the universal pool's remaining lots are assigned to the wallets that
 * hold the units at the effective date, by one written global rule, and every assignment is
 * recorded so the user can keep the allocation with their records.
 *
 * - 'stay-oldest-first': oldest lots first, each to the wallet where it was acquired while
 *   that wallet's balance lasts; lots left over fill the other wallets (by name), oldest first.
 * - 'lowest-cost-largest-holding': lowest unit cost lots first, to the wallet with the
 *   largest balance, then the next largest, and so on.
 *
 * Lots beyond every wallet's balance stay with the wallet they came from; wallet balances no
 * lot covers are reported (their units will be sold without basis).
 */
export function allocateToWallets(
  ledger: Ledger,
  rule: AllocationRule,
  effectiveDay: number,
  warn: (warning: EngineWarning) => void,
): AllocationRecord {
  const capacities = new Map<string, Map<string, bigint>>();
  for (const [key, amount] of ledger.balances) {
    if (amount <= 0n) continue;
    const { wallet, asset } = splitBalanceKey(key);
    let byWallet = capacities.get(asset);
    if (byWallet === undefined) {
      byWallet = new Map();
      capacities.set(asset, byWallet);
    }
    byWallet.set(wallet, amount);
  }
  const universal = [...ledger.pools.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  ledger.resetPools();
  ledger.balances.clear();
  ledger.perWallet = true;
  ledger.trackWallets = false;

  const entries: AllocationEntry[] = [];
  const place = (part: Part, wallet: string): void => {
    const lot = ledger.rehome(part.lot, part.qty, part.basis, wallet, part.whole);
    ledger.pool(wallet, lot.asset).add(lot);
    entries.push({
      wallet,
      asset: lot.asset,
      lotId: lot.lotId,
      acquiredAt: ymdString(lot.acquiredDay),
      acquiredTimestamp: new Date(lot.acquiredMs).toISOString(),
      amount: fixedString(part.qty),
      costBasis: fixedString(part.basis),
    });
  };

  for (const [asset, pool] of universal) {
    const caps = capacities.get(asset) ?? new Map<string, bigint>();
    let parts: Part[] = pool.drain().map((lot) => ({ lot, qty: lot.qty, basis: lot.basis, whole: true }));
    if (rule === 'stay-oldest-first') {
      parts.sort((a, b) => a.lot.acquiredMs - b.lot.acquiredMs || a.lot.seq - b.lot.seq);
      const rest: Part[] = [];
      for (const part of parts) rest.push(...fill(part, [part.lot.wallet], caps, place));
      parts = rest;
      const wallets = [...caps.keys()].sort();
      parts = parts.flatMap((part) => fill(part, wallets, caps, place));
    } else {
      parts.sort(
        (a, b) =>
          compareUnitCost(a.lot, b.lot) || a.lot.acquiredMs - b.lot.acquiredMs || a.lot.seq - b.lot.seq,
      );
      const wallets = [...caps.keys()].sort((a, b) => {
        const capA = caps.get(a)!;
        const capB = caps.get(b)!;
        return capA > capB ? -1 : capA < capB ? 1 : a < b ? -1 : 1;
      });
      parts = parts.flatMap((part) => fill(part, wallets, caps, place));
    }
    for (const part of parts) place(part, part.lot.wallet);
    for (const [wallet, cap] of caps) {
      if (cap > 0n) {
        warn({
          code: 'allocation_shortfall',
          txId: null,
          message: `Allocation at ${ymdString(effectiveDay)}: ${wallet} held ${fixedString(cap)} ${asset} more than the lots left to allocate; those units have no basis.`,
        });
      }
    }
  }
  // Wallets with units but no universal pool at all.
  for (const [asset, caps] of capacities) {
    if (universal.some(([key]) => key === asset)) continue;
    for (const [wallet, cap] of caps) {
      warn({
        code: 'allocation_shortfall',
        txId: null,
        message: `Allocation at ${ymdString(effectiveDay)}: ${wallet} held ${fixedString(cap)} ${asset} with no lots to allocate.`,
      });
    }
  }
  return { effectiveDate: ymdString(effectiveDay), rule, entries };
}

/** Places as much of `part` as the wallets' capacities allow; returns what is left. */
function fill(
  part: Part,
  wallets: readonly string[],
  caps: Map<string, bigint>,
  place: (part: Part, wallet: string) => void,
): Part[] {
  let rest = part;
  for (const wallet of wallets) {
    const cap = caps.get(wallet) ?? 0n;
    if (cap <= 0n) continue;
    const give = fixedMin(cap, rest.qty);
    caps.set(wallet, cap - give);
    if (give === rest.qty) {
      place(rest, wallet);
      return [];
    }
    const basis = moneyShare(rest.basis, give, rest.qty);
    place({ lot: rest.lot, qty: give, basis, whole: false }, wallet);
    rest = { lot: rest.lot, qty: rest.qty - give, basis: rest.basis - basis, whole: false };
  }
  return [rest];
}
