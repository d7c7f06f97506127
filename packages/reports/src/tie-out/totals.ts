import type { Form8949Box } from '../form8949.ts';
import { centsText } from './cents.ts';
import { type BoxTotals, type StatusTotals, TIE_OUT_STATUSES, type TieOutStatus } from './types.ts';

interface BoxSums {
  count: number;
  proceeds: bigint;
  costBasis: bigint;
  adjustment: bigint;
  gain: bigint;
}

/**
 * The tie-out's totals for the whole year: per status, and per Form 8949 box (in the order the
 * lines first use them). Each is the sum of the lines' printed cents, added up in bigint as the
 * lines are written (a year has hundreds of thousands of them): a blank adjustment adds 0.
 */
export class TieOutTotals {
  private readonly statuses = new Map<TieOutStatus, { count: number; broker: bigint; lotwise: bigint }>(
    TIE_OUT_STATUSES.map((s) => [s, { count: 0, broker: 0n, lotwise: 0n }]),
  );
  private readonly boxes = new Map<Form8949Box, BoxSums>();

  line(status: TieOutStatus, brokerProceeds: bigint | null, lotwiseProceeds: bigint | null): void {
    const s = this.statuses.get(status)!;
    s.count += 1;
    if (brokerProceeds !== null) s.broker += brokerProceeds;
    if (lotwiseProceeds !== null) s.lotwise += lotwiseProceeds;
  }

  row(box: Form8949Box, proceeds: bigint, costBasis: bigint, adjustment: bigint, gain: bigint): void {
    let b = this.boxes.get(box);
    if (!b) {
      b = { count: 0, proceeds: 0n, costBasis: 0n, adjustment: 0n, gain: 0n };
      this.boxes.set(box, b);
    }
    b.count += 1;
    b.proceeds += proceeds;
    b.costBasis += costBasis;
    b.adjustment += adjustment;
    b.gain += gain;
  }

  byStatus(): Record<TieOutStatus, StatusTotals> {
    const out = {} as Record<TieOutStatus, StatusTotals>;
    for (const [status, s] of this.statuses)
      out[status] = {
        count: s.count,
        brokerProceeds: centsText(s.broker),
        lotwiseProceeds: centsText(s.lotwise),
      };
    return out;
  }

  byBox(): Partial<Record<Form8949Box, BoxTotals>> {
    const out: Partial<Record<Form8949Box, BoxTotals>> = {};
    for (const [box, b] of this.boxes)
      out[box] = {
        count: b.count,
        proceeds: centsText(b.proceeds),
        costBasis: centsText(b.costBasis),
        adjustment: centsText(b.adjustment),
        gain: centsText(b.gain),
      };
    return out;
  }
}
