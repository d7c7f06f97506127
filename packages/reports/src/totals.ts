import { type Dec, plain, sum, toCents } from './money.ts';

/** What a year's printed totals are made of: the disposal and income lines. */
export interface TotalsInput {
  disposals: ReadonlyArray<{ proceeds: string; costBasis: string; term: string; taxable: boolean }>;
  income: ReadonlyArray<{ value: string }>;
}

export interface PrintedTotals {
  proceeds: string;
  costBasis: string;
  shortTermGain: string;
  longTermGain: string;
  income: string;
}

/**
 * A year's totals as every screen, CSV and PDF prints them — the one rounding rule of
 * money.ts: each taxable line's proceeds and basis to cents (half away from zero), its gain
 * their difference, totals the sums of those cents (as Form 8949 adds its rows); income the
 * sum of each line's value in cents. They can differ from the engine's exact year totals by
 * half a cent per line; everything a user sees uses these.
 */
export function printedTotals(input: TotalsInput): PrintedTotals {
  const proceeds: Dec[] = [];
  const basis: Dec[] = [];
  const short: Dec[] = [];
  const long: Dec[] = [];
  for (const line of input.disposals) {
    if (!line.taxable) continue;
    const p = toCents(line.proceeds);
    const b = toCents(line.costBasis);
    proceeds.push(p);
    basis.push(b);
    (line.term === 'long' ? long : short).push(p.minus(b));
  }
  return {
    proceeds: plain(sum(proceeds)),
    costBasis: plain(sum(basis)),
    shortTermGain: plain(sum(short)),
    longTermGain: plain(sum(long)),
    income: plain(sum(input.income.map((i) => toCents(i.value)))),
  };
}
