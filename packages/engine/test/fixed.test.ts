import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../src/decimal.ts';
import {
  fixedString,
  isFixedText,
  moneyShare,
  mulFixed,
  mulMoney,
  parseFixed,
  qtyShare,
  roundMoney,
  valueAtUnitPrice,
} from '../src/fixed.ts';

/**
 * The bigint fixed-point helpers against decimal.js doing what the engine used to do, on
 * random values: 18-decimal quantities, 2- and 12-decimal money, large totals, and values
 * built to sit exactly on a rounding half-way point. Results must be identical strings.
 */
const RUNS = { numRuns: 3000 };

/** Decimal text with up to `int` integer digits and exactly `places` random decimals (trimmed). */
function decimalArb(int: number, places: number, allowZero = false): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.bigInt({ min: 0n, max: 10n ** BigInt(int) - 1n }),
      fc.bigInt({ min: 0n, max: 10n ** BigInt(places) - 1n }),
    )
    .map(([whole, fraction]) => {
      const text = places === 0 ? `${whole}` : `${whole}.${fraction.toString().padStart(places, '0')}`;
      return new Dec(text).toFixed();
    })
    .filter((text) => allowZero || text !== '0');
}

const quantity = fc.oneof(decimalArb(4, 18), decimalArb(2, 8), decimalArb(7, 2), decimalArb(1, 18));
const money = fc.oneof(
  decimalArb(6, 2),
  decimalArb(12, 12),
  decimalArb(15, 2),
  decimalArb(3, 12),
  decimalArb(1, 30),
);
const signedMoney = fc.tuple(money, fc.boolean()).map(([text, negative]) => (negative ? `-${text}` : text));
/** Money whose sums stay within 40 significant digits (where decimal.js itself was exact). */
const fitMoney = fc
  .tuple(fc.oneof(decimalArb(6, 2), decimalArb(15, 12), decimalArb(1, 18), decimalArb(12, 18)), fc.boolean())
  .map(([text, negative]) => (negative ? `-${text}` : text));

const f = (text: string) => parseFixed(text);
const s = (value: InstanceType<typeof Dec>) => (value.isZero() ? '0' : value.toFixed());

describe('fixed point (bigint) against decimal.js', () => {
  it('parses and prints decimal text exactly', () => {
    fc.assert(
      fc.property(fc.oneof(signedMoney, quantity), (text) => {
        expect(fixedString(f(text))).toBe(s(new Dec(text)));
      }),
      RUNS,
    );
    expect(fixedString(f('1.5e-7'))).toBe('0.00000015');
    expect(fixedString(f('-2E3'))).toBe('-2000');
    expect(fixedString(f('+.5'))).toBe('0.5');
    expect(fixedString(f('-0.000'))).toBe('0');
    expect(fixedString(f('7.'))).toBe('7');
    // Beyond 36 places: half-even at the 36th.
    expect(fixedString(f(`0.${'0'.repeat(35)}15`))).toBe(`0.${'0'.repeat(35)}2`);
    expect(fixedString(f(`0.${'0'.repeat(35)}25`))).toBe(`0.${'0'.repeat(35)}2`);
    expect(fixedString(f(`0.${'0'.repeat(35)}251`))).toBe(`0.${'0'.repeat(35)}3`);
  });

  it('adds and subtracts exactly, including large totals', () => {
    fc.assert(
      fc.property(fc.array(fitMoney, { minLength: 1, maxLength: 30 }), (values) => {
        let exact = new Dec(0);
        let fixed = 0n;
        for (const v of values) {
          exact = exact.plus(v);
          fixed += f(v);
        }
        expect(fixedString(fixed)).toBe(s(exact));
      }),
      RUNS,
    );
  });

  it('moneyShare = total × part / whole, rounded half-even to 12 places', () => {
    fc.assert(
      fc.property(signedMoney, quantity, quantity, (total, a, b) => {
        const [part, whole] = new Dec(a).lte(b) ? [a, b] : [b, a];
        const expected = new Dec(total).times(part).div(whole).toDecimalPlaces(12, Dec.ROUND_HALF_EVEN);
        expect(fixedString(moneyShare(f(total), f(part), f(whole)))).toBe(s(expected));
      }),
      RUNS,
    );
  });

  it('moneyShare on exact half-way points and huge values (the slow path)', () => {
    // total × part / whole = k.5 × 10^-12 exactly: half-even must pick the even neighbour.
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), quantity, fc.boolean(), (k, whole, huge) => {
        const total = new Dec(`${k}5`).times(new Dec(10).pow(-13)).toFixed();
        const part = whole;
        const all = huge ? new Dec(whole).times('1e20').toFixed() : whole;
        const shown = huge ? new Dec(total).times('1e20').toFixed() : total;
        const expected = new Dec(shown).times(part).div(all).toDecimalPlaces(12, Dec.ROUND_HALF_EVEN);
        expect(fixedString(moneyShare(f(shown), f(part), f(all)))).toBe(s(expected));
      }),
      RUNS,
    );
    const big = '123456789012345678901234.123456789012';
    for (const [part, whole] of [
      ['1', '3'],
      ['2', '3'],
      ['0.000000000000000001', '7'],
      ['333333333.333333333333333333', '999999999.999999999999999999'],
    ] as const) {
      const expected = new Dec(big).times(part).div(whole).toDecimalPlaces(12, Dec.ROUND_HALF_EVEN);
      expect(fixedString(moneyShare(f(big), f(part), f(whole)))).toBe(s(expected));
    }
  });

  it('qtyShare = qty × newTotal / total, rounded down to 18 places', () => {
    fc.assert(
      fc.property(quantity, quantity, quantity, (qty, newTotal, total) => {
        const expected = new Dec(qty).times(newTotal).div(total).toDecimalPlaces(18, Dec.ROUND_DOWN);
        expect(fixedString(qtyShare(f(qty), f(newTotal), f(total)))).toBe(s(expected));
      }),
      RUNS,
    );
  });

  it('valueAtUnitPrice = (total / amount) × qty, rounded half-even to 12 places', () => {
    fc.assert(
      fc.property(money, quantity, quantity, (total, amount, qty) => {
        const expected = new Dec(total).div(amount).times(qty).toDecimalPlaces(12, Dec.ROUND_HALF_EVEN);
        expect(fixedString(valueAtUnitPrice(f(total), f(amount), f(qty)))).toBe(s(expected));
      }),
      RUNS,
    );
    // Where decimal.js's 40-digit unit price decides: 5/3 × 3e-13 is 5e-13 exactly, which
    // rounds half-even to 0, but 1.666…7 (40 digits) × 3e-13 is just above it and rounds up.
    const expected = new Dec(5).div(3).times('0.0000000000003').toDecimalPlaces(12, Dec.ROUND_HALF_EVEN);
    expect(s(expected)).toBe('0.000000000001');
    expect(fixedString(valueAtUnitPrice(f('5'), f('3'), f('0.0000000000003')))).toBe('0.000000000001');
    expect(fixedString(valueAtUnitPrice(f('1'), f('3'), f('0.0000000000165')))).toBe('0.000000000005');
  });

  it('mulFixed and mulMoney = price × amount (40 digits), then 36 or 12 places', () => {
    fc.assert(
      fc.property(fc.oneof(money, quantity), quantity, (price, amount) => {
        const product = new Dec(price).times(amount);
        expect(fixedString(mulFixed(f(price), f(amount)))).toBe(
          s(product.toDecimalPlaces(36, Dec.ROUND_HALF_EVEN)),
        );
        expect(fixedString(mulMoney(f(price), f(amount)))).toBe(
          s(product.toDecimalPlaces(12, Dec.ROUND_HALF_EVEN)),
        );
      }),
      RUNS,
    );
  });

  it('roundMoney rounds half-even to 12 places', () => {
    fc.assert(
      fc.property(fc.oneof(signedMoney, quantity), (value) => {
        expect(fixedString(roundMoney(f(value)))).toBe(
          s(new Dec(value).toDecimalPlaces(12, Dec.ROUND_HALF_EVEN)),
        );
      }),
      RUNS,
    );
  });
});

describe('isFixedText', () => {
  it('holds exactly for the texts fixedString prints for non-negative values', () => {
    // Decimal-ish text: optional sign, digits with leading / trailing zeros, point, exponent.
    const piece = fc.constantFrom(
      '',
      '0',
      '00',
      '5',
      '10',
      '0000000001',
      '1'.repeat(37),
      '.',
      '+',
      '-',
      'e2',
      ' ',
    );
    const rough = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(rough, quantity, money, signedMoney), (text) => {
        const valid = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text);
        // Signs and exponents are never canonical (and a huge exponent would not fit in memory).
        const canonical = valid && !/[-+eE]/.test(text) && fixedString(f(text)) === text;
        expect(isFixedText(text)).toBe(canonical);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 60n }), (value) => {
        expect(isFixedText(fixedString(value))).toBe(true);
      }),
      RUNS,
    );
  });
});
