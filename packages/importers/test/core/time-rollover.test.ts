import { describe, expect, it } from 'vitest';
import { parseTime, type TimeStyle } from '../../src/core/time.ts';

/**
 * A time Lotwise cannot store as the file gives it is an error, never rolled over into another
 * value (attack pass: `2024-03-02T07:31:60Z` was stored as 07:32:00Z). Every form of every
 * importer, with and without an offset (the slow path through Date.UTC).
 */
const FORMS: Array<{ style: TimeStyle; date: (y: string, m: string, d: string) => string }> = [
  { style: 'iso', date: (y, m, d) => `${y}-${m}-${d}` },
  { style: 'yy-mm-dd', date: (y, m, d) => `${y.slice(2)}-${m}-${d}` },
  { style: 'dd-mm-yy', date: (y, m, d) => `${d}-${m}-${y.slice(2)}` },
  { style: 'mm/dd/yyyy', date: (y, m, d) => `${m}/${d}/${y}` },
  { style: 'dd.mm.yyyy', date: (y, m, d) => `${d}.${m}.${y}` },
];

describe('no importer time rolls over', () => {
  for (const { style, date } of FORMS) {
    for (const zone of ['', ' UTC']) {
      for (const offset of [0, 480, -300]) {
        it(`${style}${zone}, header offset ${offset}`, () => {
          const ok = parseTime(`${date('2024', '03', '02')} 07:31:59${zone}`, style, offset);
          expect(ok).toMatch(/^2024-03-0[12]T\d\d:31:59Z$/);
          for (const bad of [
            `${date('2024', '03', '02')} 07:31:60${zone}`, // second 60
            `${date('2024', '03', '02')} 07:60:00${zone}`, // minute 60
            `${date('2024', '03', '02')} 24:00:00${zone}`, // hour 24
            `${date('2024', '02', '30')} 12:00:00${zone}`, // 30 February
            `${date('2023', '02', '29')} 12:00:00${zone}`, // 29 February of a common year
            `${date('2024', '04', '31')} 12:00:00${zone}`, // 31 April
            `${date('2024', '13', '01')} 12:00:00${zone}`, // month 13
          ])
            expect(() => parseTime(bad, style, offset), bad).toThrow();
        });
      }
    }
  }

  it('ISO with its own offset or sub-seconds, too', () => {
    for (const bad of [
      '2024-03-02T07:31:60Z',
      '2024-03-02T07:31:60+01:00',
      '2024-03-02T07:31:60.5Z',
      '2024-03-02T23:59:60-05:00',
      '2024-02-30T12:00:00+02:00',
      '2024-03-02T07:60:00+01:00',
      '2024-03-02T24:00:00+01:00',
    ])
      expect(() => parseTime(bad), bad).toThrow();
    expect(parseTime('2024-03-02T07:31:59.9+01:00')).toBe('2024-03-02T06:31:59Z');
  });
});
