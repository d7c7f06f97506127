import { describe, expect, it } from 'vitest';
import { headLines } from '../../src/core/csv.ts';
import { AmountError, dec, parseAmount, parseUnsignedAmount } from '../../src/core/decimal.ts';
import { decodeBytes, StreamDecoder } from '../../src/core/decode.ts';
import { headerOffset, parseTime, TimeError } from '../../src/core/time.ts';

/** Issue 29.10: the shared number, date and text helpers refuse what they cannot read exactly. */
describe('amounts', () => {
  const read = (raw: string, options = {}) => {
    const v = parseAmount(raw, options);
    return v === null ? null : dec(v);
  };

  it('keeps the signs and symbols exports really use', () => {
    expect(read('-5')).toBe('-5');
    expect(read('+5')).toBe('5');
    expect(read('(5)')).toBe('-5');
    expect(read('€-5.00')).toBe('-5');
    expect(read('-$5')).toBe('-5');
    expect(read('$1,234.50')).toBe('1234.5');
    expect(read('1.234,56', { decimalComma: true })).toBe('1234.56');
    expect(read('1e29')).toBe(`1${'0'.repeat(29)}`);
  });

  it('refuses a second sign, impossible magnitudes and malformed groups', () => {
    for (const raw of [
      '--1',
      '+-1',
      '(-2)',
      '-(2)',
      '$--5',
      '1e400',
      '1e30',
      '1e-41',
      '9'.repeat(31),
      '1.304.00',
    ]) {
      expect(() => parseAmount(raw), raw).toThrow(AmountError);
    }
    // With a decimal comma, `1.5` is neither 1.5 nor 15.
    expect(() => parseAmount('1.5', { decimalComma: true })).toThrow(AmountError);
  });

  it('refuses a sign in a column that has none', () => {
    expect(() => parseUnsignedAmount('-5')).toThrow(/negative/);
    expect(dec(parseUnsignedAmount('5') as never)).toBe('5');
    expect(parseUnsignedAmount('')).toBeNull();
  });
});

describe('dates and offsets', () => {
  it('reads real offsets and refuses impossible ones, naming the value', () => {
    expect(parseTime('2024-01-13 14:29:00+14:00')).toBe('2024-01-13T00:29:00Z');
    expect(parseTime('2024-01-13 14:29:00-12:00')).toBe('2024-01-14T02:29:00Z');
    expect(() => parseTime('2024-01-13 14:29:00+25:00')).toThrow(/\+25:00/);
    expect(() => parseTime('2024-01-13 14:29:00+01:75')).toThrow(TimeError);
    expect(headerOffset('Filled Time(UTC+08:00)')).toBe(480);
    expect(() => headerOffset('Filled Time(UTC+25:00)')).toThrow(TimeError);
  });

  it('refuses years before the first block or after tomorrow in every style', () => {
    for (const [raw, style] of [
      ['0001-01-13 14:28:00', 'iso'],
      ['9999-01-13 14:28:00 UTC', 'iso'],
      ['2009-01-02 23:59:59', 'iso'],
      ['01/02/0001 10:00:00', 'mm/dd/yyyy'],
      ['02.01.2999 10:00:00', 'dd.mm.yyyy'],
      ['99999999999', 'unix'],
    ] as const) {
      expect(() => parseTime(raw, style), raw).toThrow(/outside the dates/);
    }
    expect(parseTime('2009-01-03 00:00:00')).toBe('2009-01-03T00:00:00Z');
  });
});

describe('text', () => {
  const text = 'a,b\r1,2\r\n3,4\n5,6';

  it('splits lines at CR, LF and CRLF', () => {
    expect(headLines(text, 10).map((l) => l.text)).toEqual(['a,b', '1,2', '3,4', '5,6']);
  });

  it('decodes UTF-16 with or without a BOM, whole or in chunks of any size', () => {
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(text, 'utf16le').swap16();
    const leBom = Buffer.from(`\ufeff${text}`, 'utf16le');
    for (const [bytes, encoding] of [
      [le, 'utf-16le'],
      [be, 'utf-16be'],
      [leBom, 'utf-16le'],
    ] as const) {
      expect(decodeBytes(bytes)).toEqual({ text, encoding });
      for (const size of [1, 3, 7, 4096]) {
        const d = new StreamDecoder();
        let out = '';
        for (let k = 0; k < bytes.length; k += size) out += d.decode(bytes.subarray(k, k + size));
        out += d.end();
        expect(out, `${encoding} in ${size}-byte chunks`).toBe(text);
        expect(d.encoding).toBe(encoding);
      }
    }
  });
});
