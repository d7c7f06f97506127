import type { EngineEvent, Leg } from '../events.ts';
import { fixedString } from '../fixed.ts';
import { stakedPlace, TRANSIT } from '../ledger.ts';
import { gainTotals, type HandlerContext } from './context.ts';
import { handleSwitchTrade } from './switch-trade.ts';

/**
 * One row swapping an asset for another without a taxable event (rebrand, staking
 * derivative): the lots carry their basis and dates over to the new asset.
 */
export function handleCarry(p: HandlerContext, event: EngineEvent): void {
  const sent = event.sent!;
  const received = event.received!;
  const taken = p.ledger.remove(event.wallet, sent.asset, sent.amount);
  const fee = p.chargeFee(event);
  const qty = p.netReceived(event, received, fee.net);
  if (taken.uncovered > 0n) p.rec.sellWithoutBuy(event, sent.asset, taken.uncovered);
  p.ledger.carry(taken, event.wallet, received.asset, qty, p.origin(event));
  p.rec.move(event, event.wallet, event.wallet, sent.asset, taken, { asset: received.asset, amount: qty });
}

/**
 * The two halves of a self-transfer (or a paired rebrand / staking move). Units move with
 * their basis and dates, picked in the source wallet by the current method; what was sent
 * but did not arrive (the network fee) is a disposal at market value ('transfer_fee').
 */
export function handlePair(p: HandlerContext, event: EngineEvent): void {
  const into = event.partner!;
  if (event.tx.classification === 'switch_trade') {
    handleSwitchTrade(p, event, into);
    return;
  }
  const sent = event.sent!;
  const received = into.received!;
  const asset = sent.asset;
  const leaving = sent.amount + sameAsset(event.fee, asset);
  const arriving = received.amount - sameAsset(into.fee, received.asset);
  if (event.fee !== null && event.fee.asset !== asset) p.chargeFee(event);
  if (into.fee !== null && into.fee.asset !== received.asset) p.chargeFee(into);
  const origin = p.origin(event);

  if (received.asset !== asset) {
    // A rebrand pair: a fee in the old asset is a fee disposal, not part of what converts.
    if (event.fee !== null && event.fee.asset === asset) p.chargeFee(event);
    const taken = p.ledger.remove(event.wallet, asset, sent.amount);
    if (taken.uncovered > 0n) p.rec.sellWithoutBuy(event, asset, taken.uncovered);
    const converted = arriving < 0n ? 0n : arriving;
    p.ledger.carry(taken, into.wallet, received.asset, converted, origin);
    p.rec.move(event, event.wallet, into.wallet, asset, taken, { asset: received.asset, amount: converted });
    return;
  }
  const moved = arriving < leaving ? (arriving < 0n ? 0n : arriving) : leaving;
  const taken = p.ledger.move(event.wallet, into.wallet, asset, moved, origin);
  p.rec.move(event, event.wallet, into.wallet, asset, taken);
  if (taken.uncovered > 0n) p.rec.sellWithoutBuy(event, asset, taken.uncovered);
  const lostInTransit = leaving - moved;
  if (lostInTransit > 0n) transferFee(p, event, into, asset, lostInTransit);
  const extra = arriving - leaving;
  if (extra > 0n) {
    p.rec.warn({
      code: 'transfer_gain',
      txId: into.id,
      message: `Self-transfer ${event.id} → ${into.id}: ${fixedString(extra)} ${asset} more arrived than was sent; the extra units get zero basis.`,
      affects: [`basis of ${asset} lot ${into.id}:extra`],
    });
    p.ledger.acquire(into.wallet, asset, extra, 0n, `${into.id}:extra`, origin);
  }
}

function transferFee(
  p: HandlerContext,
  event: EngineEvent,
  into: EngineEvent,
  asset: string,
  qty: bigint,
): void {
  const value = p.pricer.feeValueAt(event, asset, qty) ?? p.pricer.feeValueAt(into, asset, qty);
  const taken = p.ledger.remove(event.wallet, asset, qty);
  if (value === null) p.rec.prices.missingPrice(event, asset, gainTotals(event.year));
  p.rec.disposal(event, {
    category: 'transfer_fee',
    asset,
    wallet: event.wallet,
    taken,
    proceeds: value,
  });
}

function sameAsset(fee: Leg | null, asset: string): bigint {
  return fee !== null && fee.asset === asset ? fee.amount : 0n;
}

/**
 * A half with no partner, or a staking lockup/return: units go to, or come back from, a
 * place outside the wallets (in transit, staked). Units coming back that the place does not
 * hold have no known basis: zero, dated now, flagged.
 */
export function handlePlaceMove(
  p: HandlerContext,
  event: EngineEvent,
  op: 'transfer_in' | 'transfer_out' | 'stake_lock' | 'stake_return',
): void {
  const origin = p.origin(event);
  if (op === 'transfer_out' || op === 'stake_lock') {
    const sent = event.sent!;
    const place = op === 'stake_lock' ? stakedPlace(event.wallet) : TRANSIT;
    const taken = p.ledger.move(event.wallet, place, sent.asset, sent.amount, origin);
    p.rec.move(event, event.wallet, place, sent.asset, taken);
    if (taken.uncovered > 0n) p.rec.sellWithoutBuy(event, sent.asset, taken.uncovered);
    p.chargeFee(event);
    return;
  }
  const received = event.received!;
  const fee = p.chargeFee(event);
  const qty = p.netReceived(event, received, fee.net);
  const place = op === 'stake_return' ? stakedPlace(event.wallet) : TRANSIT;
  const taken = p.ledger.move(place, event.wallet, received.asset, qty, origin);
  p.rec.move(event, place, event.wallet, received.asset, taken);
  if (taken.uncovered > 0n) {
    const why =
      op === 'stake_return'
        ? 'more came back from staking than was locked up'
        : 'no matching withdrawal was found';
    p.rec.warn({
      code: 'missing_basis',
      txId: event.id,
      message: `Transaction ${event.id}: ${fixedString(taken.uncovered)} ${received.asset} received with unknown cost basis (${why}); zero basis from this date is used.`,
      affects: [`basis of ${received.asset} lot ${event.id}:uncovered`],
    });
  }
}
