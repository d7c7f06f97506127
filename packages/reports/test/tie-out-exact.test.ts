import { describe, expect, it } from 'vitest';
import { Dec, formMoney } from '../src/money.ts';
import { centsOf, decimalText, moneyText, plainDecimalText } from '../src/tie-out/cents.ts';
import { UNITS_TOLERANCE, unitsClose, unitsEqual, unitsOf } from '../src/tie-out/units.ts';

/*
 * The tie-out's exact shortcuts (issue 31 speed) answer as the decimal.js code they replace:
 * units within 1e-8 and equal units on scaled integers, decimals and money written as text.
 */
const near = [
  ['1.5', '1.50000001'],
  ['1.5', '1.500000010'],
  ['1.5', '1.500000011'],
  ['1.5', '1.49999999'],
  ['1.5', '1.499999989999'],
  ['-0.00000001', '0'],
  ['-0.000000011', '0'],
  ['0001.5', '1.5000'],
  ['12', '12.00000000999999999999999999'],
  ['12345678901234567890.123456789012345678', '12345678901234567890.12345679'],
  // Over 40 characters or not plain: decimal.js decides, as before.
  ['1234567890123456789012345678901234567890.5', '1234567890123456789012345678901234567890.50000001'],
  ['1e-9', '0'],
  ['1E+2', '100.00000001'],
  ['.5', '0.5'],
  ['+2', '2.000000001'],
] as const;

describe('tie-out: exact units', () => {
  it.each(near)('%s against %s: close and equal as decimal.js says', (a, b) => {
    const close = new Dec(a).minus(b).abs().lte(UNITS_TOLERANCE);
    expect(unitsClose(unitsOf(a), unitsOf(b))).toBe(close);
    expect(unitsClose(unitsOf(b), unitsOf(a))).toBe(close);
    expect(unitsEqual(unitsOf(a), unitsOf(b))).toBe(new Dec(0).plus(b).eq(a));
  });

  it('agrees with decimal.js on many amounts either side of the tolerance', () => {
    for (let i = 0; i < 2000; i++) {
      const whole = String((i * 7919) % 100_000);
      const frac = String((i * 104_729) % 1_000_000_000_000).padStart(12, '0');
      const a = `${i % 3 === 0 ? '-' : ''}${whole}.${frac}`;
      const shift = [0n, 1n, 10_000n, 9_999n, 10_001n, 123_456n][i % 6]!;
      const b = new Dec(a).plus(new Dec(String(shift)).div(1e12)).toFixed();
      expect(unitsClose(unitsOf(a), unitsOf(b))).toBe(new Dec(a).minus(b).abs().lte(UNITS_TOLERANCE));
      expect(unitsEqual(unitsOf(a), unitsOf(b))).toBe(new Dec(0).plus(b).eq(a));
    }
  });
});

describe('tie-out: decimals and money as text', () => {
  it.each([
    '001.50',
    '-0.00',
    '-0',
    '0',
    '10',
    '100.000',
    '-00.50',
    '1.',
    '.5',
    '1e-7',
    '+3',
    '12345678901234567890123456789.5',
  ])('%s is written as decimal.js writes it', (text) => {
    const plain = plainDecimalText(text);
    if (plain !== null) expect(plain).toBe(new Dec(text).toFixed());
    expect(decimalText(text)).toBe(new Dec(0).plus(text).toFixed());
  });

  it.each([
    '0',
    '0.004',
    '0.005',
    '-0.005',
    '-0.004',
    '999.995',
    '1234567.891',
    '-17000',
    '12345678901234.5',
  ])('%s in cents is written as formMoney writes it', (text) => {
    expect(moneyText(centsOf(text))).toBe(formMoney(new Dec(text).toDecimalPlaces(2, Dec.ROUND_HALF_UP)));
  });
});
