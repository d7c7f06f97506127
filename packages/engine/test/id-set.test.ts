import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdSet } from '../src/id-set.ts';

describe('IdSet', () => {
  it('reports a repeat exactly when a Set would', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 300 }), (ids) => {
        const ours = new IdSet(ids.length);
        const reference = new Set<string>();
        for (const id of ids) {
          expect(ours.add(id)).toBe(!reference.has(id));
          reference.add(id);
        }
      }),
      { numRuns: 300 },
    );
  });
});
