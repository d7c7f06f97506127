import type { EngineEvent } from '../events.ts';
import type { DisposalCategory } from '../types.ts';
import { gainTotals, type HandlerContext } from './context.ts';

/** Proceeds less the fee; unknown (null) when either is (a fiat fee with no rate is never 0). */
function reduce(value: bigint | null, fee: bigint | null): bigint | null {
  return value === null || fee === null ? null : value - fee;
}

/** Sell for fiat: proceeds = fiat received − fee value. */
export function handleSell(p: HandlerContext, event: EngineEvent): void {
  const sent = event.sent!;
  const value = p.pricer.txValue(event);
  const taken = p.ledger.remove(event.wallet, sent.asset, sent.amount);
  const fee = p.chargeFee(event);
  if (value === null) p.rec.prices.missingPrice(event, sent.asset, gainTotals(event.year));
  p.rec.disposal(event, {
    category: 'sale',
    asset: sent.asset,
    wallet: event.wallet,
    taken,
    proceeds: reduce(value, fee.value),
  });
}

/**
 * Crypto-to-crypto trade: the sent units are disposed of at the trade's value (less the fee
 * value) and the received units are acquired at that same value.
 */
export function handleTrade(p: HandlerContext, event: EngineEvent): void {
  const sent = event.sent!;
  const received = event.received!;
  const value = p.pricer.txValue(event);
  const taken = p.ledger.remove(event.wallet, sent.asset, sent.amount);
  const fee = p.chargeFee(event);
  if (value === null) {
    p.rec.prices.missingPrice(event, `${sent.asset}/${received.asset}`, [
      ...gainTotals(event.year),
      `basis of ${received.asset} lot ${event.id}`,
    ]);
  }
  p.rec.disposal(event, {
    category: 'trade',
    asset: sent.asset,
    wallet: event.wallet,
    taken,
    proceeds: reduce(value, fee.value),
  });
  const qty = p.netReceived(event, received, fee.net);
  p.ledger.acquire(event.wallet, received.asset, qty, value ?? 0n, event.id, p.origin(event));
}

/** Spending crypto on goods or services (purchase, payment): taxable at market value. */
export function handleSpend(p: HandlerContext, event: EngineEvent): void {
  const sent = event.sent!;
  const value = p.pricer.valueOf(event, sent);
  const taken = p.ledger.remove(event.wallet, sent.asset, sent.amount);
  const fee = p.chargeFee(event);
  if (value === null) p.rec.prices.missingPrice(event, sent.asset, gainTotals(event.year));
  p.rec.disposal(event, {
    category: 'spend',
    asset: sent.asset,
    wallet: event.wallet,
    taken,
    proceeds: reduce(value, fee.value),
  });
}

const REMOVAL_CATEGORY: Record<'gift_out' | 'donation' | 'lost' | 'stolen', DisposalCategory> = {
  gift_out: 'gift',
  donation: 'donation',
  lost: 'lost',
  stolen: 'stolen',
};

/**
 * Gift sent, donation, lost, stolen: lots leave at their basis with no gain. The line keeps
 * the market value, dates and basis (what Form 8283 asks for donations).
 */
export function handleRemoval(
  p: HandlerContext,
  event: EngineEvent,
  op: keyof typeof REMOVAL_CATEGORY,
): void {
  const sent = event.sent!;
  const category = REMOVAL_CATEGORY[op];
  const value = p.pricer.valueOf(event, sent);
  const taken = p.ledger.remove(event.wallet, sent.asset, sent.amount);
  p.chargeFee(event);
  // No price that day: the line's fairMarketValue is null (unknown); a donation's is also a
  // missing price (Form 8283 needs it), a gift's stays informational.
  if (value === null && category === 'donation') {
    p.rec.prices.missingPrice(event, sent.asset, [`fair market value of donation ${event.id}`]);
  }
  p.rec.disposal(event, {
    category,
    asset: sent.asset,
    wallet: event.wallet,
    taken,
    proceeds: 0n,
    fairMarketValue: value,
  });
  if (category === 'lost' || category === 'stolen') {
    p.rec.warn({
      code: 'review_loss',
      txId: event.id,
      message: `Transaction ${event.id}: ${sent.asset} marked ${category}; no deduction is taken by default. Review whether a casualty or theft loss applies.`,
    });
  }
}

/** A standalone fee (failed transaction gas, approvals): the units are disposed of at market value. */
export function handleFee(p: HandlerContext, event: EngineEvent): void {
  const sent = event.sent;
  if (sent !== null && !sent.fiat) {
    const value = p.pricer.valueOf(event, sent);
    const taken = p.ledger.remove(event.wallet, sent.asset, sent.amount);
    if (value === null) p.rec.prices.missingPrice(event, sent.asset, gainTotals(event.year));
    p.rec.disposal(event, {
      category: 'fee',
      asset: sent.asset,
      wallet: event.wallet,
      taken,
      proceeds: value,
    });
  }
  p.chargeFee(event);
}

/**
 * Margin loss or fee paid in crypto: the units leave with their basis and no proceeds, so
 * the line's loss is their basis (their own gain and the position's loss net out). Short term.
 */
export function handleMarginLoss(
  p: HandlerContext,
  event: EngineEvent,
  op: 'margin_loss' | 'margin_fee',
): void {
  const leg = event.sent ?? event.fee;
  if (leg === null || leg.fiat) return;
  const taken = p.ledger.remove(event.wallet, leg.asset, leg.amount);
  p.rec.disposal(event, { category: op, asset: leg.asset, wallet: event.wallet, taken, proceeds: 0n });
  if (event.sent !== null) p.chargeFee(event);
}
