import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import { anniversary, isLongTerm } from '../../src/dates.ts';
import { buy, sell, year } from '../helpers.ts';

/*
 * Long term only when sold after the one-year anniversary (calendar days, user's zone).
 *   Bought 2020-02-29 (leap day). Anniversary: 2021-02-28 (no 29 Feb in 2021).
 *     sold 2021-02-28 → on the anniversary → short
 *     sold 2021-03-01 → after it → long
 *   Bought 2023-01-15: sold 2024-01-15 → short; 2024-01-16 → long.
 *   Bought 2023-02-28: anniversary 2024-02-28, so 2024-02-29 is already long.
 */
describe('golden: holding period', () => {
  it('computes anniversaries with calendar arithmetic', () => {
    expect(anniversary(20200229)).toBe(20210228);
    expect(anniversary(20230228)).toBe(20240228);
    expect(anniversary(20230115)).toBe(20240115);
    expect(isLongTerm(20200229, 20210228)).toBe(false);
    expect(isLongTerm(20200229, 20210301)).toBe(true);
    expect(isLongTerm(20230115, 20240115)).toBe(false);
    expect(isLongTerm(20230115, 20240116)).toBe(true);
    expect(isLongTerm(20230228, 20240229)).toBe(true);
  });

  it('classifies a leap-day purchase sold on and after the anniversary', () => {
    const rows = [
      buy('B', '2020-02-29T10:00:00Z', '2', 'BTC', '20000'),
      sell('S1', '2021-02-28T23:00:00Z', '1', 'BTC', '15000'),
      sell('S2', '2021-03-01T01:00:00Z', '1', 'BTC', '16000'),
    ];
    const y = year(calculate(rows), 2021);
    // S1: 15,000 − 10,000 = 5,000 short; S2: 16,000 − 10,000 = 6,000 long.
    expect(y.disposals.map((d) => [d.txId, d.term, d.gain])).toEqual([
      ['S1', 'short', '5000'],
      ['S2', 'long', '6000'],
    ]);
    expect(y.shortTermGain).toBe('5000');
    expect(y.longTermGain).toBe('6000');
  });

  it("takes dates in the user's time zone", () => {
    /*
     * 2023-01-01T03:00Z is 2022-12-31 22:00 in New York.
     *   In UTC the sale falls in 2023 and is exactly on the anniversary of a 2022-01-01 buy → short.
     *   In America/New_York the buy (2022-01-01T12:00Z = 07:00 local) is 2022-01-01 and the sale
     *   is 2022-12-31 → year 2022, short.
     *   A sale at 2023-01-02T03:00Z is 2023-01-01 local in New York → on the anniversary → short
     *   (year 2023), but 2023-01-02 in UTC → after it → long.
     */
    const rows = [
      buy('B', '2022-01-01T12:00:00Z', '3', 'ETH', '300'),
      sell('S1', '2023-01-01T03:00:00Z', '1', 'ETH', '150'),
      sell('S2', '2023-01-02T03:00:00Z', '1', 'ETH', '150'),
    ];
    const utc = calculate(rows);
    expect(Object.keys(utc.years)).toEqual(['2022', '2023']);
    expect(year(utc, 2023).disposals.map((d) => [d.txId, d.disposedAt, d.term])).toEqual([
      ['S1', '2023-01-01', 'short'],
      ['S2', '2023-01-02', 'long'],
    ]);
    const ny = calculate(rows, { timeZone: 'America/New_York' });
    expect(year(ny, 2022).disposals.map((d) => [d.txId, d.disposedAt, d.term])).toEqual([
      ['S1', '2022-12-31', 'short'],
    ]);
    expect(year(ny, 2023).disposals.map((d) => [d.txId, d.disposedAt, d.term])).toEqual([
      ['S2', '2023-01-01', 'short'],
    ]);
  });

  it("reads a bare date as that day in the user's zone", () => {
    // "2024-01-01" in New York is 2024-01-01 00:00 local (05:00 UTC), not 2023-12-31 19:00.
    const rows = [buy('B', '2023-06-01', '1', 'ETH', '100'), sell('S', '2024-01-01', '1', 'ETH', '150')];
    const ny = calculate(rows, { timeZone: 'America/New_York' });
    expect(year(ny, 2024).disposals.map((d) => [d.disposedAt, d.disposedTimestamp])).toEqual([
      ['2024-01-01', '2024-01-01T05:00:00.000Z'],
    ]);
    const tokyo = calculate(rows, { timeZone: 'Asia/Tokyo' });
    expect(year(tokyo, 2024).disposals[0]!.disposedTimestamp).toBe('2023-12-31T15:00:00.000Z');
  });
});
