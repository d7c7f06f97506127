import { describe, expect, it } from 'vitest';
import { CsvTokenizer, readRecords, sniffDelimiter } from '../../src/core/csv.ts';
import { dec, parseAmount } from '../../src/core/decimal.ts';
import { decodeBytes, StreamDecoder } from '../../src/core/decode.ts';
import { headerOffset, parseTime } from '../../src/core/time.ts';

const amount = (s: string, o = {}): string | null => {
  const d = parseAmount(s, o);
  return d === null ? null : dec(d);
};

describe('decodeBytes', () => {
  it('strips a UTF-8 BOM', () => {
    expect(decodeBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])).text).toBe('a');
  });
  it('falls back to Windows-1252 for invalid UTF-8 (Excel re-save of €)', () => {
    const r = decodeBytes(new Uint8Array([0x80, 0x31]));
    expect(r).toEqual({ text: '€1', encoding: 'windows-1252' });
  });
});

describe('readRecords', () => {
  it('handles quotes, doubled quotes, CRLF and embedded newlines with physical line numbers', () => {
    const text = 'a,"b,c"\r\n"x ""y""","multi\nline"\r\nlast,row';
    expect([...readRecords(text, ',')]).toEqual([
      { line: 1, cells: ['a', 'b,c'] },
      { line: 2, cells: ['x "y"', 'multi\nline'] },
      { line: 4, cells: ['last', 'row'] },
    ]);
  });
  it('flags a record that ends inside quotes', () => {
    expect([...readRecords('a,"open', ',')]).toEqual([{ line: 1, cells: ['a', 'open'], unterminated: true }]);
  });
  it('is linear on large inputs', () => {
    const row = '2024-01-01 00:00:00 UTC,1,BTC,"2,000.5",EUR\n';
    const text = row.repeat(200_000);
    const t0 = performance.now();
    let n = 0;
    for (const _ of readRecords(text, ',')) n += 1;
    expect(n).toBe(200_000);
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});

describe('CsvTokenizer', () => {
  const texts = [
    'a,"b,c"\r\n"x ""y""","multi\nline"\r\nlast,row',
    'a,b\rc,d\r\n\r\ne,"f"""\r',
    ' "q" ,x"y",""\n"",\n',
    'a,"open\r\n',
  ];
  it.each(texts)('gives the same records for every split of %j', (text) => {
    const whole = [...readRecords(text, ',')];
    for (let size = 1; size <= text.length; size += 1) {
      const t = new CsvTokenizer(',');
      const got = [];
      for (let k = 0; k < text.length; k += size) {
        t.push(text.slice(k, k + size));
        for (let r = t.next(); r !== null; r = t.next()) got.push(r);
      }
      t.end();
      for (let r = t.next(); r !== null; r = t.next()) got.push(r);
      expect(got, `size ${size}`).toEqual(whole);
    }
  });
});

describe('StreamDecoder', () => {
  it.each([
    ['BOM + UTF-8', [0xef, 0xbb, 0xbf, 0x61, 0xc3, 0xa9, 0x0a]],
    ['Windows-1252', [0x61, 0xe9, 0x80, 0x2c, 0x0a]],
    ['split multi-byte', [0x61, 0xe2, 0x82, 0xac, 0x62]],
  ])('%s decodes like decodeBytes for any chunking', (_name, list) => {
    const bytes = new Uint8Array(list);
    for (const size of [1, 2, 3, 100]) {
      const d = new StreamDecoder();
      let s = '';
      for (let k = 0; k < bytes.length; k += size) s += d.decode(bytes.subarray(k, k + size));
      s += d.end();
      expect(s).toBe(decodeBytes(bytes).text);
      expect(d.encoding).toBe(decodeBytes(bytes).encoding);
    }
  });
});

describe('sniffDelimiter', () => {
  it('counts outside quotes', () => {
    expect(sniffDelimiter('Timestamp;Date;Time;Type;"a,b,c,d,e"')).toBe(';');
    expect(sniffDelimiter('a,b;c,d')).toBe(',');
  });
});

describe('parseAmount', () => {
  it.each([
    ['€3343.11', '3343.11'],
    ['-€597.49846', '-597.49846'],
    ['"$1,224.00"'.replace(/"/g, ''), '1224'],
    ['($2,150.00)', '-2150'],
    ['1.0e-08', '0.00000001'],
    ['-3.605E-05', '-0.00003605'],
    ['0E-8', '0'],
    ['0.', '0'],
    ['$5,000.00 ', '5000'],
  ])('%s → %s', (raw, expected) => {
    expect(amount(raw)).toBe(expected);
  });
  it('treats placeholders as empty', () => {
    for (const p of ['', '-', '--', 'No Data', '  ']) expect(amount(p)).toBeNull();
  });
  it('reads decimal commas when asked (semicolon locale exports)', () => {
    expect(amount('95,317', { decimalComma: true })).toBe('95.317');
  });
  it('rejects garbage and malformed grouping', () => {
    expect(() => amount('abc')).toThrow('"abc" is not a number');
    expect(() => amount('1,5')).toThrow();
  });
});

describe('parseTime', () => {
  it.each([
    ['2023-04-20T04:05:40Z', 'iso', '2023-04-20T04:05:40Z'],
    ['2023-12-29 20:30:38 UTC', 'iso', '2023-12-29T20:30:38Z'],
    ['2021-02-01 10:15:02.4512', 'iso', '2021-02-01T10:15:02Z'],
    ['2021-03-02T14:21:07.999Z', 'iso', '2021-03-02T14:21:07Z'],
    ['2024-01-13 14:25 UTC', 'iso', '2024-01-13T14:25:00Z'],
    ['2025-01-10T09:00:00.000+01:00', 'iso', '2025-01-10T08:00:00Z'],
    ['24-05-16 12:57:55', 'yy-mm-dd', '2024-05-16T12:57:55Z'],
    ['15-01-24 10:22:31', 'dd-mm-yy', '2024-01-15T10:22:31Z'],
    ['01/13/2024 14:25:00', 'mm/dd/yyyy', '2024-01-13T14:25:00Z'],
    ['13.01.2024 14:25:00', 'dd.mm.yyyy', '2024-01-13T14:25:00Z'],
    ['1711212635', 'unix', '2024-03-23T16:50:35Z'],
  ] as const)('%s (%s)', (raw, style, expected) => {
    expect(parseTime(raw, style)).toBe(expected);
  });
  it('applies a header offset to zone-less values', () => {
    expect(parseTime('2024-02-01 08:00:03', 'iso', headerOffset('Filled Time(UTC+08:00)'))).toBe(
      '2024-02-01T00:00:03Z',
    );
    expect(headerOffset('Filled Time(UTC)')).toBe(0);
    expect(headerOffset('Time(UTC-05:00)')).toBe(-300);
  });
  it('rejects impossible dates', () => {
    expect(() => parseTime('2024-02-30 00:00:00')).toThrow('not a valid date/time');
    expect(() => parseTime('yesterday')).toThrow('is not a YYYY-MM-DD HH:MM:SS timestamp');
  });
  it('reads plain UTC forms (read without the regular expression) as the full parser does', () => {
    // The "+00:00" form always takes the full parser: each plain form must give its answer.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const two = (n: number) => String(n).padStart(2, '0');
    for (let i = 0; i < 2_000; i++) {
      const date = `${1990 + next(60)}-${two(1 + next(12))}-${two(1 + next(31))}`;
      const time = `${two(next(24))}:${two(next(60))}:${two(next(60))}`;
      let expected: string;
      try {
        expected = parseTime(`${date}T${time}+00:00`);
      } catch {
        expected = 'invalid';
      }
      for (const plain of [`${date} ${time}`, `${date}T${time}`, `${date}T${time}Z`, `${date} ${time} UTC`]) {
        let got: string;
        try {
          got = parseTime(plain);
        } catch {
          got = 'invalid';
        }
        expect(got, plain).toBe(expected);
      }
    }
    expect(parseTime('2024-02-29 12:00:00 UTC')).toBe('2024-02-29T12:00:00Z');
    expect(() => parseTime('2023-02-29 12:00:00 UTC')).toThrow('not a valid date/time');
    expect(() => parseTime('2024-01-01 24:00:00Z')).toThrow('not a valid date/time');
    // Second 60 is refused, never rolled over into the next minute (attack pass); a zone-less
    // value under a header offset still takes the full parser.
    expect(() => parseTime('2024-03-05 10:00:60 UTC')).toThrow('has second 60');
    expect(parseTime('2024-02-01 08:00:03', 'iso', 480)).toBe('2024-02-01T00:00:03Z');
    expect(parseTime('2024-02-01 08:00:03Z', 'iso', 480)).toBe('2024-02-01T08:00:03Z');
    expect(() => parseTime('2024-0a-01 08:00:03')).toThrow('is not a YYYY-MM-DD HH:MM:SS timestamp');
  });
});
