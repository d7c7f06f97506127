import type { LocalCalendar } from '../dates.ts';
import type { EngineEvent, Leg } from '../events.ts';
import type { Ledger, Origin } from '../ledger.ts';
import type { Pricer } from '../pricing.ts';
import type { Recorder } from '../recorder.ts';

/** The value of a row's fee (null: no price) and whether it only reduced the units received. */
export interface FeeCharge {
  readonly value: bigint | null;
  readonly net: boolean;
}

/**
 * What a handler works with, handed to it by the processor: the ledger, the recorder, prices,
 * the calendar and the fee helpers. Handlers depend on this, never on the processor itself.
 */
export interface HandlerContext {
  readonly ledger: Ledger;
  readonly rec: Recorder;
  readonly pricer: Pricer;
  readonly calendar: LocalCalendar;
  origin(event: EngineEvent): Origin;
  /** Books the row's fee; see Processor.chargeFee. */
  chargeFee(event: EngineEvent, fee?: Leg | null): FeeCharge;
  /** Units received after a fee charged in the same asset. */
  netReceived(event: EngineEvent, received: Leg, net: boolean): bigint;
}

/** The year's totals a disposal without a price leaves unknown. */
export function gainTotals(year: number): string[] {
  return [`${year}.proceeds`, `${year}.shortTermGain`, `${year}.longTermGain`];
}
