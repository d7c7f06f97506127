import { ymdString } from './dates.ts';
import type { EngineEvent, Leg } from './events.ts';
import { fixedString } from './fixed.ts';
import { type MissingRow, missingText } from './missing-text.ts';
import type { EngineWarning } from './types.ts';

/** What the price warnings write to: the recorder's warnings, flags and reporting currency. */
export interface WarningSink {
  readonly currency: string;
  warn(warning: EngineWarning): void;
  markMissingPrice(txId: string): void;
}

/**
 * The warnings of rows without a value (missing_price, one a row whatever its causes) and of
 * rows valued another way (valued_from_price), kept apart from the recorder's lines and totals.
 */
export class PriceWarnings {
  /** The last row warned of a missing price, with its warning (a second cause joins it). */
  private lastMissing: { event: EngineEvent; row: MissingRow & { warning: EngineWarning } } | null = null;
  /** The last row valued from its crypto leg's price, with its note. */
  private lastFallback: { txId: string; warning: EngineWarning } | null = null;

  constructor(private readonly sink: WarningSink) {}

  /**
   * The row has no value for `asset` (its own value: "ETH", a trade's "ETH/XYZ"). One warning a
   * row: a fee without a value (missingFee) joins the same warning, and says so.
   */
  missingPrice(event: EngineEvent, asset: string, affects: string[]): void {
    const row = this.missingRow(event, affects);
    row.value = asset;
    row.warning.message = missingText(row);
  }

  /** The row's fee has no value (no price, or no rate for its currency). */
  missingFee(event: EngineEvent, fee: Leg, affects: string[]): void {
    const row = this.missingRow(event, affects);
    row.fees.push({ asset: fee.asset, amount: fee.text ?? fixedString(fee.amount), fiat: fee.fiat });
    row.warning.message = missingText(row);
  }

  /** The missing-price warning of the row, made on its first cause; later ones add to it. */
  private missingRow(event: EngineEvent, affects: string[]): MissingRow & { warning: EngineWarning } {
    const last = this.lastMissing;
    if (last !== null && last.event === event) {
      for (const item of affects) if (!last.row.affects.includes(item)) last.row.affects.push(item);
      return last.row;
    }
    this.sink.markMissingPrice(event.id);
    const own = this.ownCurrency(event);
    const legs: string[] = [];
    for (const leg of [event.sent, event.received]) if (leg !== null && !leg.fiat) legs.push(leg.asset);
    const warning: EngineWarning = {
      code: 'missing_price',
      txId: event.id,
      message: '',
      affects: [...affects],
    };
    const row = {
      txId: event.id,
      day: ymdString(event.day),
      currency: this.sink.currency,
      own,
      legs,
      value: null,
      fees: [],
      affects: warning.affects!,
      warning,
    };
    this.lastMissing = { event, row };
    this.sink.warn(warning);
    return row;
  }

  /** A row whose own value could not be converted, valued from its crypto leg's price instead. */
  valuedFromPrice(event: EngineEvent, own: string, asset: string): void {
    if (this.lastFallback?.txId === event.id) return; // one note a row (a switch trade's two halves)
    const warning: EngineWarning = {
      code: 'valued_from_price',
      txId: event.id,
      message: `Transaction ${event.id}: no ${own}→${this.sink.currency} rate on ${ymdString(event.day)} for its ${own} value; valued from the ${this.sink.currency} price of ${asset} that day instead.`,
    };
    this.lastFallback = { txId: event.id, warning };
    this.sink.warn(warning);
  }

  /**
   * A fiat fee with no rate valued at the rate its row's value implies (`total` in the reporting
   * currency for `amount` of the fee's currency): said on the row's valued_from_price note.
   */
  feeAtRowRate(event: EngineEvent, fee: Leg, total: bigint, amount: bigint, value: bigint): void {
    const cur = this.sink.currency;
    const how = `its ${fee.text ?? fixedString(fee.amount)} ${fee.asset} fee at the rate that implies (${fixedString(total)} ${cur} for ${fixedString(amount)} ${fee.asset}): ${fixedString(value)} ${cur}.`;
    const last = this.lastFallback;
    if (last !== null && last.txId === event.id) {
      if (!last.warning.message.endsWith('instead.')) return;
      last.warning.message = `${last.warning.message.slice(0, -1)}, and ${how}`;
      return;
    }
    this.sink.warn({
      code: 'valued_from_price',
      txId: event.id,
      message: `Transaction ${event.id}: no ${fee.asset}→${cur} rate on ${ymdString(event.day)} for its fee; valued ${how}`,
    });
  }

  /** The row's own fiat currency when it is not the reporting one (its value needs a rate). */
  private ownCurrency(event: EngineEvent): string | null {
    if (event.fiatValue !== null) {
      return event.fiatCurrency === '' || event.fiatCurrency === this.sink.currency
        ? null
        : event.fiatCurrency;
    }
    for (const leg of [event.sent, event.received]) {
      if (leg?.fiat && leg.asset !== this.sink.currency) return leg.asset;
    }
    return null;
  }
}
