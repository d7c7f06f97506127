import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate } from '../src/calculate.ts';
import { matchTransfers } from '../src/transfer-matching.ts';
import type { DisposalLine, YearSummary } from '../src/types.ts';
import { basisArb, historyArb, methodArb } from './generators.ts';

/**
 * onYear (the CLI prints each tax year as it is done): every year comes once, in year order,
 * with the lines and totals the result would have held, and no year is handed over while a
 * later row could still add to it (it is handed over complete). The rest of the result is
 * unchanged; its `years` is empty.
 */
describe('calculate with onYear', () => {
  it('hands over each year complete, in order, and the rest of the result is unchanged', () => {
    fc.assert(
      fc.property(historyArb, methodArb, basisArb, (history, method, basis) => {
        const options = {
          method,
          basis,
          checkpoints: ['2021-01-01', '2023-01-01'],
          recordMoves: true,
        } as const;
        const whole = calculate(matchTransfers(structuredClone(history)), options);
        const handed: Array<[string, YearSummary]> = [];
        const streamed = calculate(matchTransfers(structuredClone(history)), {
          ...options,
          releaseRows: true,
          onYear: (year, summary) => handed.push([year, structuredClone(summary)]),
        });
        expect(handed).toEqual(Object.entries(whole.years));
        expect(streamed).toEqual({ ...whole, years: {} });
      }),
      { numRuns: 150 },
    );
  });

  it('with onDisposal: each line goes to it as recorded, with its year, and no year keeps it', () => {
    fc.assert(
      fc.property(historyArb, methodArb, basisArb, (history, method, basis) => {
        const options = { method, basis } as const;
        const whole = calculate(matchTransfers(structuredClone(history)), options);
        const lines: Array<[number, DisposalLine]> = [];
        const handed: Array<[string, YearSummary]> = [];
        const streamed = calculate(matchTransfers(structuredClone(history)), {
          ...options,
          onYear: (year, summary) => handed.push([year, structuredClone(summary)]),
          onDisposal: (year, line) => lines.push([year, structuredClone(line)]),
        });
        const expected = Object.entries(whole.years).flatMap(([year, summary]) =>
          summary.disposals.map((line): [number, DisposalLine] => [Number(year), line]),
        );
        expect(lines).toEqual(expected);
        // The years come as before, with their totals and income lines, without the lines.
        expect(handed).toEqual(
          Object.entries(whole.years).map(([year, summary]) => [year, { ...summary, disposals: [] }]),
        );
        expect(streamed).toEqual({ ...whole, years: {} });
      }),
      { numRuns: 100 },
    );
  });
});
