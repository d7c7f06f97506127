import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoString, LocalCalendar, parseIsoUtc, parseYmd } from '../src/dates.ts';

const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
];

/** The local day straight from Intl, one call per instant: the slow reference. */
function referenceDay(ms: number, zone: string): number {
  const text = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
  return parseYmd(text)!;
}

describe('LocalCalendar', () => {
  it('matches Intl for any instant in zones with odd offsets and DST', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2030, 0, 1) }),
        (zone, ms) => {
          expect(new LocalCalendar(zone).day(ms)).toBe(referenceDay(ms, zone));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('finds the first instant of a local day, DST days included', () => {
    for (const zone of ZONES) {
      const calendar = new LocalCalendar(zone);
      for (const day of [20240310, 20241103, 20240331, 20241027, 20240407, 20240929, 20240101]) {
        const start = calendar.startOf(day);
        expect(calendar.day(start)).toBe(day);
        expect(calendar.day(start - 1)).toBeLessThan(day);
      }
    }
  });
});

describe('isoString', () => {
  it('prints exactly what toISOString prints', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000_000, max: 300_000_000_000_000 }), (ms) => {
        expect(isoString(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 2000 },
    );
    for (const ms of [
      0, 1, 999, 1000, 86_399_999, 86_400_000, 253402300799999, 253402300800000, -30610224000000,
      -30610224000001, 951782400000, 4107542399999,
    ])
      expect(isoString(ms)).toBe(new Date(ms).toISOString());
  });
});

describe('parseIsoUtc', () => {
  it('gives what Date.parse gives, or NaN for the forms it leaves to Date.parse', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31) }),
        fc.boolean(),
        fc.nat(23),
        fc.integer({ min: 48, max: 59 }),
        (ms, withMillis, at, code) => {
          const full = new Date(ms).toISOString();
          const text = withMillis ? full : `${full.slice(0, 19)}Z`;
          expect(parseIsoUtc(text)).toBe(Date.parse(text));
          // One character changed: the same instant as Date.parse, or left to it.
          const changed = text.slice(0, at) + String.fromCharCode(code) + text.slice(at + 1);
          const fast = parseIsoUtc(changed);
          if (!Number.isNaN(fast)) expect(fast).toBe(Date.parse(changed));
        },
      ),
      { numRuns: 3000 },
    );
    for (const text of [
      '2023-02-29T00:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01 10:00:00Z',
      '999-01-01T00:00:00Z',
    ])
      expect(parseIsoUtc(text)).toBeNaN();
    expect(parseIsoUtc('2024-02-29T23:59:59.999Z')).toBe(Date.parse('2024-02-29T23:59:59.999Z'));
  });
});
