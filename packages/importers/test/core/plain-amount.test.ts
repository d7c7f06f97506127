import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { abs, parseAmount } from '../../src/core/decimal.ts';
import { Header } from '../../src/core/header.ts';
import { Row } from '../../src/core/row.ts';

/** A row with one "Amount" cell. */
const row = (cell: string, decimalComma = false) =>
  new Row(2, [cell], new Header(['Amount'], 1, ','), { decimalComma });

/** What the full rules give: the canonical absolute value, or null for a placeholder. */
const full = (cell: string): string | null => {
  const value = parseAmount(cell.trim());
  return value === null ? null : abs(value);
};

describe('Row.plainAmount (the fast path for plain numbers)', () => {
  it('gives the same text as the full amount rules for plain numbers', () => {
    for (const cell of ['0', '000', '0.0', '00.5', '1.50', '1500.5000', '7', '0.08130292', '10', '100.001']) {
      expect(row(cell).plainAmount('Amount'), cell).toBe(full(cell));
    }
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,6}(\.\d{1,5})?$/), (cell) => {
        expect(row(cell).plainAmount('Amount')).toBe(full(cell));
      }),
    );
  });

  it('is null for placeholders and leaves everything else to the full rules', () => {
    for (const cell of ['', '-', 'N/A', '  ']) expect(row(cell).plainAmount('Amount'), cell).toBeNull();
    for (const cell of ['-5', '+5', '$5', '1,000', '1e5', '(5)', '5.', '.5', '0.000123456789', 'abc']) {
      expect(row(cell).plainAmount('Amount'), cell).toBeUndefined();
    }
    // With a decimal comma "1.234" is 1234: never the fast path.
    expect(row('1.234', true).plainAmount('Amount')).toBeUndefined();
  });
});
