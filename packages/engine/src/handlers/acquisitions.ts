import { parseLocalInstant } from '../dates.ts';
import { isDecimalText } from '../decimal.ts';
import type { EngineEvent } from '../events.ts';
import { parseFixed } from '../fixed.ts';
import { normaliseIncomeType } from '../income-types.ts';
import type { HandlerContext } from './context.ts';

/** Buy with fiat: basis = fiat paid + fee value (a fee in the bought asset reduces the units). */
export function handleBuy(p: HandlerContext, event: EngineEvent): void {
  const received = event.received!;
  const value = p.pricer.txValue(event);
  const fee = p.chargeFee(event);
  const qty = p.netReceived(event, received, fee.net);
  if (value === null)
    p.rec.prices.missingPrice(event, received.asset, [`basis of ${received.asset} lot ${event.id}`]);
  const basis = (value ?? 0n) + (fee.value ?? 0n);
  p.ledger.acquire(event.wallet, received.asset, qty, basis, event.id, p.origin(event));
}

/** Income at fair market value when received; that value is the lot's basis. */
export function handleIncome(p: HandlerContext, event: EngineEvent): void {
  const received = event.received!;
  const value = p.pricer.txValue(event);
  const fee = p.chargeFee(event);
  const qty = p.netReceived(event, received, fee.net);
  if (value === null) {
    p.rec.prices.missingPrice(event, received.asset, [
      `${event.year}.income`,
      `basis of ${received.asset} lot ${event.id}`,
    ]);
  }
  // 'Staking rewards', 'staking' and 'reward' are one type in the report.
  const category =
    event.tx.classification || (event.tx.subtype && normaliseIncomeType(event.tx.subtype)) || 'income';
  p.rec.income(event, received.asset, received.amount, value, category, event.wallet);
  p.ledger.acquire(event.wallet, received.asset, qty, value ?? 0n, event.id, p.origin(event));
}

/** A fork with a value is income; without one the new units simply start at zero basis. */
export function handleFork(p: HandlerContext, event: EngineEvent): void {
  if (p.pricer.txValue(event) !== null) {
    handleIncome(p, event);
    return;
  }
  const received = event.received!;
  const fee = p.chargeFee(event);
  const qty = p.netReceived(event, received, fee.net);
  p.ledger.acquire(event.wallet, received.asset, qty, 0n, event.id, p.origin(event));
}

/**
 * Gift received: the donor's basis and acquisition date carry over when given; otherwise
 * zero basis from the gift date, flagged so the user can add the donor's figures.
 */
export function handleGiftIn(p: HandlerContext, event: EngineEvent): void {
  const received = event.received!;
  const fee = p.chargeFee(event);
  const qty = p.netReceived(event, received, fee.net);
  const donor = event.tx.donorBasis;
  const basis = donor ? donorAmount(donor.amount) : null;
  const origin = p.origin(event);
  if (basis === null || basis < 0n) {
    p.rec.warn({
      code: 'gift_without_basis',
      txId: event.id,
      message: `Transaction ${event.id}: gift of ${received.asset} received without the donor's basis; zero basis used.`,
      affects: [`basis of ${received.asset} lot ${event.id}`],
    });
  } else if (donor?.acquiredAt) {
    const ms = parseLocalInstant(donor.acquiredAt, p.calendar);
    if (ms !== null && ms <= event.ms) {
      origin.ms = ms;
      origin.day = p.calendar.day(ms);
    }
  }
  p.ledger.acquire(
    event.wallet,
    received.asset,
    qty,
    basis !== null && basis >= 0n ? basis : 0n,
    event.id,
    origin,
  );
}

/** Margin gain: a short-term gain of the value received, and a new lot at that value. */
export function handleMarginGain(p: HandlerContext, event: EngineEvent): void {
  const received = event.received!;
  const value = p.pricer.txValue(event);
  const fee = p.chargeFee(event);
  const qty = p.netReceived(event, received, fee.net);
  if (value === null) {
    p.rec.prices.missingPrice(event, received.asset, [
      `${event.year}.proceeds`,
      `${event.year}.shortTermGain`,
    ]);
  }
  p.rec.disposal(event, {
    category: 'margin_gain',
    asset: received.asset,
    wallet: event.wallet,
    taken: { pieces: [], uncovered: 0n },
    proceeds: value,
    amount: received.amount,
  });
  p.ledger.acquire(event.wallet, received.asset, qty, value ?? 0n, event.id, p.origin(event));
}

/** The donor's basis: a finite decimal (string or number), else null. */
function donorAmount(raw: unknown): bigint | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? parseFixed(String(raw)) : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  return isDecimalText(text) ? parseFixed(text) : null;
}
