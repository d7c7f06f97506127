import {
  DATE_RANGE_TEXT,
  EARLIEST_TRANSACTION_ISO,
  LATEST_TRANSACTION_SLACK_MS,
} from '@lotwise/contracts/transactions/date-range';

/**
 * Timestamp parsing for the forms of §1.3. Everything is normalised to ISO-8601 UTC with whole
 * seconds ("2025-03-05T10:00:00Z"); sub-second parts are truncated. `offsetMinutes` is the zone
 * of a value without its own zone (KuCoin puts it in the header: `Filled Time(UTC+08:00)`).
 */
export class TimeError extends Error {}

export type TimeStyle =
  | 'iso' // 2024-03-19 19:43:31, 2023-04-20T04:05:40Z, … UTC, .4512, +01:00
  | 'yy-mm-dd' // 24-05-16 12:57:55 (Binance v3)
  | 'dd-mm-yy' // 15-01-24 10:22:31 (Bitfinex)
  | 'mm/dd/yyyy' // 01/13/2024 14:25:00 (CoinTracker, CoinLedger)
  | 'dd.mm.yyyy' // 13.01.2024 14:25:00 (CoinTracking)
  | 'unix'; // seconds since epoch

interface Parts {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  offset: number | null;
}

const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?$/i;
const TIME = '(?:\\s+(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:\\.\\d+)?)?)?\\s*(Z|UTC)?';
const YMD2 = new RegExp(`^(\\d{2})-(\\d{2})-(\\d{2})${TIME}$`, 'i');
const SLASH = new RegExp(`^(\\d{1,2})/(\\d{1,2})/(\\d{4})${TIME}$`, 'i');
const DOTS = new RegExp(`^(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4})${TIME}$`, 'i');

export function parseTime(raw: string, style: TimeStyle = 'iso', offsetMinutes = 0): string {
  const s = raw.trim();
  if (s === '') throw new TimeError('timestamp is empty');
  if (style === 'iso') {
    const fast = plainUtc(s, offsetMinutes);
    if (fast !== null) return fast;
  }
  let parts: Parts | null;
  try {
    parts = match(s, style);
  } catch (e) {
    if (e instanceof TimeError) throw new TimeError(`"${s}": ${e.message}`);
    throw e;
  }
  if (!parts) throw new TimeError(`"${s}" is not a ${describe(style)} timestamp`);
  return toIso(parts, offsetMinutes, s);
}

const ZERO = 48;

/** The digits at `from`…`to` (exclusive) as a number, or -1 when one is not a digit. */
function digits(s: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

/**
 * "YYYY-MM-DD HH:MM:SS" (or with T) in UTC — bare with no header offset, or ending in "Z" or
 * " UTC" — read without the regular expression: most files' form, a million rows in a
 * CLI run. Anything else, and any date or time out of range, is left to the full parser
 * (null), which gives the same string or the error.
 */
function plainUtc(s: string, offsetMinutes: number): string | null {
  const n = s.length;
  if (n === 19 ? offsetMinutes !== 0 : n === 20 ? s.charCodeAt(19) !== 90 : n !== 23 || !s.endsWith(' UTC')) {
    return null;
  }
  const sep = s.charCodeAt(10);
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || (sep !== 84 && sep !== 32)) return null;
  if (s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return null;
  const y = digits(s, 0, 4);
  const mo = digits(s, 5, 7);
  const d = digits(s, 8, 10);
  const h = digits(s, 11, 13);
  const mi = digits(s, 14, 16);
  const sec = digits(s, 17, 19);
  if (y < 1000 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59) {
    return null;
  }
  if (d > daysInMonth(y, mo)) return null;
  // Joined, not concatenated: `${a}T${b}Z` is a rope of four strings, kept by every record.
  const iso = [s.slice(0, 10), 'T', s.slice(11, 19), 'Z'].join('');
  return iso < EARLIEST_ISO ? null : iso <= latestIso() ? iso : null;
}

function num(v: string | undefined): number {
  return v === undefined ? 0 : Number(v);
}

function match(s: string, style: TimeStyle): Parts | null {
  if (style === 'unix') {
    if (!/^\d{9,11}(\.\d+)?$/.test(s)) return null;
    const ms = Math.trunc(Number(s)) * 1000;
    const d = new Date(ms);
    return {
      y: d.getUTCFullYear(),
      mo: d.getUTCMonth() + 1,
      d: d.getUTCDate(),
      h: d.getUTCHours(),
      mi: d.getUTCMinutes(),
      s: d.getUTCSeconds(),
      offset: 0,
    };
  }
  if (style === 'iso') {
    const m = s.match(ISO);
    if (!m) return null;
    return {
      y: num(m[1]),
      mo: num(m[2]),
      d: num(m[3]),
      h: num(m[4]),
      mi: num(m[5]),
      s: num(m[6]),
      offset: zoneOffset(m[7]),
    };
  }
  const re = style === 'mm/dd/yyyy' ? SLASH : style === 'dd.mm.yyyy' ? DOTS : YMD2;
  const m = s.match(re);
  if (!m) return null;
  const [a, b, c] = [num(m[1]), num(m[2]), num(m[3])];
  const time = { h: num(m[4]), mi: num(m[5]), s: num(m[6]), offset: zoneOffset(m[7]) };
  if (style === 'mm/dd/yyyy') return { y: c, mo: a, d: b, ...time };
  if (style === 'dd.mm.yyyy') return { y: c, mo: b, d: a, ...time };
  if (style === 'yy-mm-dd') return { y: 2000 + a, mo: b, d: c, ...time };
  return { y: 2000 + c, mo: b, d: a, ...time };
}

function zoneOffset(zone: string | undefined): number | null {
  if (zone === undefined) return null;
  const z = zone.toUpperCase();
  if (z === 'Z' || z === 'UTC' || z === 'GMT') return 0;
  const m = z.match(/^([+-])(\d{2}):?(\d{2})$/);
  if (!m) return null;
  return offsetMinutesOf(m[1] as string, Number(m[2]), Number(m[3]), zone);
}

/** Real UTC offsets run from -12:00 to +14:00 with whole minutes (`+25:00` is refused, not shifted). */
export const MIN_OFFSET_MINUTES = -12 * 60;
export const MAX_OFFSET_MINUTES = 14 * 60;

function offsetMinutesOf(sign: string, hours: number, minutes: number, shown: string): number {
  const total = (sign === '-' ? -1 : 1) * (hours * 60 + minutes);
  if (minutes > 59 || total < MIN_OFFSET_MINUTES || total > MAX_OFFSET_MINUTES) {
    throw new TimeError(`"${shown}" is not a valid UTC offset (-12:00 to +14:00)`);
  }
  return total;
}

/** Build the ISO string, rejecting impossible dates such as 2024-02-30 or 25:00. */
export function toIso(p: Parts, defaultOffset: number, raw: string): string {
  if (p.mo < 1 || p.mo > 12 || p.d < 1 || p.d > 31 || p.h > 23 || p.mi > 59) {
    throw new TimeError(`"${raw}" is not a valid date/time`);
  }
  // A leap second (23:59:60) would be stored as the next minute's 00 — a value other than the
  // file's, said nowhere — so it is a row error like any impossible time.
  if (p.s > 59) throw new TimeError(`"${raw}" has second ${p.s}: seconds run from 00 to 59`);
  // Years outside 2000–2999 are out of the range below whatever the rest says (and Date.UTC
  // would read year 1 as 1901).
  if (p.y < 2000 || p.y > 2999) throw outOfRange(raw);
  const offset0 = p.offset ?? defaultOffset;
  if (offset0 < MIN_OFFSET_MINUTES || offset0 > MAX_OFFSET_MINUTES) {
    throw new TimeError(`"${raw}" has an offset outside the real UTC offsets (-12:00 to +14:00)`);
  }
  // Fast path for the common case (UTC): build the string directly.
  if (offset0 === 0) {
    if (p.d > daysInMonth(p.y, p.mo)) throw new TimeError(`"${raw}" is not a valid date/time`);
    return inRange(`${p.y}-${pad2(p.mo)}-${pad2(p.d)}T${pad2(p.h)}:${pad2(p.mi)}:${pad2(p.s)}Z`, raw);
  }
  const local = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  if (p.d > daysInMonth(p.y, p.mo)) throw new TimeError(`"${raw}" is not a valid date/time`);
  const offset = p.offset ?? defaultOffset;
  return inRange(isoFromMs(local - offset * 60_000), raw);
}

/**
 * The dates a transaction may have (contracts/transactions/date-range): from Bitcoin's genesis
 * block to one day after now. Year 0001, 9999 or a typo'd 2204 is a broken cell, refused with
 * its line and column (issue 29).
 */
export const EARLIEST_ISO = EARLIEST_TRANSACTION_ISO;
let latestCache = { at: 0, iso: '' };

/** One day after now, as ISO text (recomputed at most once a minute). */
export function latestIso(): string {
  const now = Date.now();
  if (now - latestCache.at > 60_000)
    latestCache = { at: now, iso: isoFromMs(now + LATEST_TRANSACTION_SLACK_MS) };
  return latestCache.iso;
}

function inRange(iso: string, raw: string): string {
  if (iso < EARLIEST_ISO || iso > latestIso()) throw outOfRange(raw);
  return iso;
}

function outOfRange(raw: string): TimeError {
  return new TimeError(`"${raw}" is outside the dates a transaction can have: ${DATE_RANGE_TEXT}`);
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

function daysInMonth(y: number, mo: number): number {
  if (mo === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31;
}

export function isoFromMs(ms: number): string {
  return `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}

/** `(UTC+08:00)`, `(UTC)`, `(UTC-05:00)`, `(UTC+0)` in a header name → minutes east of UTC. */
export function headerOffset(headerName: string | null): number {
  if (!headerName) return 0;
  const m = headerName.match(/UTC\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?/i);
  if (!m) return 0;
  return offsetMinutesOf(m[1] as string, Number(m[2]), Number(m[3] ?? 0), m[0]);
}

function describe(style: TimeStyle): string {
  switch (style) {
    case 'iso':
      return 'YYYY-MM-DD HH:MM:SS';
    case 'unix':
      return 'unix seconds';
    default:
      return style.toUpperCase();
  }
}
