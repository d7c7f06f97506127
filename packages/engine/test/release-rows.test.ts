import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculate } from '../src/calculate.ts';
import { matchTransfers } from '../src/transfer-matching.ts';
import type { EngineTransaction } from '../src/types.ts';
import { basisArb, historyArb, methodArb } from './generators.ts';

/**
 * releaseRows (the CLI's option: its parsed rows are let go as they are processed) changes
 * nothing in the result: random histories with transfers paired, every method and basis,
 * with year-start checkpoints and lot moves recorded.
 */
describe('calculate with releaseRows', () => {
  it('gives the same result as keeping the rows, and leaves no processed row in the list', () => {
    fc.assert(
      fc.property(historyArb, methodArb, basisArb, (history, method, basis) => {
        const options = {
          method,
          basis,
          checkpoints: ['2021-01-01', '2023-01-01'],
          recordMoves: true,
        } as const;
        const kept = calculate(matchTransfers(structuredClone(history)), options);
        const rows: EngineTransaction[] = matchTransfers(structuredClone(history));
        const released = calculate(rows, { ...options, releaseRows: true });
        expect(released).toEqual(kept);
        expect(rows.filter((row) => row !== undefined)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
