import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlaceholder } from '../../src/core/decimal.ts';

/** The rule isPlaceholder implements quickly: the trimmed text is one of the placeholders. */
const PLACEHOLDERS = ['', '-', '--', 'No Data', 'N/A', 'n/a', 'null', 'None'];
const rule = (raw: string) => PLACEHOLDERS.includes(raw.trim());

describe('isPlaceholder', () => {
  it('is the trimmed text being a placeholder, for placeholders with any padding and for other cells', () => {
    const padding = fc.constantFrom('', ' ', '  ', '\t', '\u00a0', '\ufeff', '\r', ' \u2003');
    const text = fc.oneof(
      fc.constantFrom(
        ...PLACEHOLDERS,
        'USD',
        'BTC',
        '0',
        '18.37',
        'Nonce',
        'n',
        'N',
        '-5',
        '---',
        'NULL',
        'none',
      ),
      fc.string({ maxLength: 10 }),
    );
    fc.assert(
      fc.property(padding, text, padding, (before, body, after) => {
        const raw = `${before}${body}${after}`;
        expect(isPlaceholder(raw)).toBe(rule(raw));
      }),
      { numRuns: 5000 },
    );
  });
});
