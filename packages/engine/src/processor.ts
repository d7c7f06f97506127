import type { LocalCalendar } from './dates.ts';
import type { EngineEvent, Leg } from './events.ts';
import {
  handleBuy,
  handleFork,
  handleGiftIn,
  handleIncome,
  handleMarginGain,
} from './handlers/acquisitions.ts';
import { type FeeCharge, gainTotals, type HandlerContext } from './handlers/context.ts';
import {
  handleFee,
  handleMarginLoss,
  handleRemoval,
  handleSell,
  handleSpend,
  handleTrade,
} from './handlers/disposals.ts';
import { handleCarry, handlePair, handlePlaceMove } from './handlers/moves.ts';
import type { Ledger, Origin } from './ledger.ts';
import type { Pricer } from './pricing.ts';
import type { Recorder } from './recorder.ts';

const NO_FEE: FeeCharge = { value: 0n, net: false };
const NET_FEE: FeeCharge = { value: 0n, net: true };
/** A fiat fee that could not be valued: what it reduces or adds to is unknown. */
const UNPRICED_FEE: FeeCharge = { value: null, net: false };
const UNPRICED_CRYPTO_FEE: FeeCharge = { value: 0n, net: false };

/**
 * What a fee without a value leaves unknown: a buy's fee is part of the lot's basis; a fee in
 * crypto is also a disposal of its own (proceeds, gains); elsewhere the gains it is deducted from.
 */
function feeAffects(event: EngineEvent, fee: Leg): string[] {
  if (event.op !== 'buy' || event.received === null) return gainTotals(event.year);
  const basis = `basis of ${event.received.asset} lot ${event.id}`;
  return fee.fiat ? [basis] : [...gainTotals(event.year), basis];
}

/** Sends each event to its handler, with itself as the handlers' context (state and fee helpers). */
export class Processor implements HandlerContext {
  constructor(
    readonly ledger: Ledger,
    readonly rec: Recorder,
    readonly pricer: Pricer,
    readonly calendar: LocalCalendar,
  ) {}

  process(event: EngineEvent): void {
    this.rec.touchYear(event.year);
    this.rec.knowTexts(event);
    switch (event.op) {
      case 'buy':
        handleBuy(this, event);
        return;
      case 'income':
        handleIncome(this, event);
        return;
      case 'fork':
        handleFork(this, event);
        return;
      case 'gift_in':
        handleGiftIn(this, event);
        return;
      case 'margin_gain':
        handleMarginGain(this, event);
        return;
      case 'sell':
        handleSell(this, event);
        return;
      case 'trade':
        handleTrade(this, event);
        return;
      case 'spend':
        handleSpend(this, event);
        return;
      case 'gift_out':
      case 'donation':
      case 'lost':
      case 'stolen':
        handleRemoval(this, event, event.op);
        return;
      case 'fee':
        handleFee(this, event);
        return;
      case 'margin_loss':
      case 'margin_fee':
        handleMarginLoss(this, event, event.op);
        return;
      case 'carry':
        handleCarry(this, event);
        return;
      case 'pair':
        handlePair(this, event);
        return;
      case 'transfer_in':
      case 'transfer_out':
      case 'stake_lock':
      case 'stake_return':
        handlePlaceMove(this, event, event.op);
        return;
      case 'none':
        return;
    }
  }

  origin(event: EngineEvent): Origin {
    return { txId: event.id, ms: event.ms, day: event.day };
  }

  /**
   * Books the row's fee. A fee in the acquired asset only reduces the units acquired (its
   * value stays in their basis): returns `net` true. A crypto fee otherwise is a disposal of
   * the fee units at market value (category 'fee'). Returns the fee's value, which the
   * caller adds to a basis or subtracts from proceeds; null when it has no price.
   */
  chargeFee(event: EngineEvent, fee: Leg | null = event.fee): FeeCharge {
    if (fee === null) return NO_FEE;
    if (!fee.fiat && fee.asset === event.received?.asset) return NET_FEE;
    const value = this.pricer.feeValue(event, fee);
    if (!fee.fiat) {
      const taken = this.ledger.remove(event.wallet, fee.asset, fee.amount);
      this.rec.disposal(event, {
        category: 'fee',
        asset: fee.asset,
        wallet: event.wallet,
        taken,
        proceeds: value,
      });
    }
    if (value === null) {
      this.rec.prices.missingFee(event, fee, feeAffects(event, fee));
      // A crypto fee's own line carries the unknown (the year's totals do not depend on its
      // value: it is the fee line's proceeds and the sale's deduction); a fiat fee has no line.
      return fee.fiat ? UNPRICED_FEE : UNPRICED_CRYPTO_FEE;
    }
    return { value, net: false };
  }

  /** Units received after a fee charged in the same asset. */
  netReceived(event: EngineEvent, received: Leg, net: boolean): bigint {
    if (!net || event.fee === null) return received.amount;
    const left = received.amount - event.fee.amount;
    if (left < 0n) {
      this.rec.warn({
        code: 'bad_amount',
        txId: event.id,
        message: `Transaction ${event.id}: the fee is larger than the ${received.asset} received; nothing is acquired.`,
      });
      return 0n;
    }
    return left;
  }
}
