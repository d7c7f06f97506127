/**
 * Calendar handling. Instants are epoch milliseconds; tax dates are calendar days in the
 * user's time zone, encoded as the integer YYYYMMDD so comparisons are plain integer compares.
 */

export type Ymd = number;

const QUARTER_HOUR = 15 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

/** Parses an ISO-8601 timestamp (a bare date or a zone-less time is taken as UTC). */
export function parseInstant(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  // Fast path: the normalised form "YYYY-MM-DDTHH:MM:SS(.sss)Z" that importers emit.
  if (value.length >= 20 && value.charCodeAt(10) === 84 && value.endsWith('Z')) {
    const fast = parseIsoUtc(value);
    if (!Number.isNaN(fast)) return fast;
    const ms = Date.parse(value);
    if (Number.isFinite(ms)) return ms;
  }
  let text = value.trim();
  if (text === '') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) text += 'T00:00:00Z';
  else if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text))
    text = `${text.replace(' ', 'T')}Z`;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Exactly "YYYY-MM-DDTHH:MM:SSZ" or "YYYY-MM-DDTHH:MM:SS.sssZ" with every field in range, as
 * epoch ms computed arithmetically (Date.parse was a tenth of a 1M-row run); NaN for anything
 * else, which the caller hands to Date.parse. In range, both give the same instant.
 */
export function parseIsoUtc(text: string): number {
  const length = text.length;
  if (length !== 24 && length !== 20) return Number.NaN;
  if (
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 84 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58 ||
    text.charCodeAt(length - 1) !== 90
  )
    return Number.NaN;
  const y = digitsAt(text, 0, 4);
  const mo = digitsAt(text, 5, 2);
  const d = digitsAt(text, 8, 2);
  const h = digitsAt(text, 11, 2);
  const mi = digitsAt(text, 14, 2);
  const s = digitsAt(text, 17, 2);
  let milli = 0;
  if (length === 24) {
    if (text.charCodeAt(19) !== 46) return Number.NaN;
    milli = digitsAt(text, 20, 3);
  }
  // Negative (a non-digit) or out of range: leave it to Date.parse.
  if (y < 1000 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return Number.NaN;
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59 || milli < 0) return Number.NaN;
  return daysFromCivil(y, mo, d) * DAY + h * 3_600_000 + mi * 60_000 + s * 1000 + milli;
}

/** The decimal value of `count` digits at `start`, or -1 if one is not a digit. */
function digitsAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const MONTH_DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month]!;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * An instant for a row's timestamp as the user means it: a bare date (YYYY-MM-DD) is the
 * start of that day in the user's zone, not UTC midnight; anything else as parseInstant.
 */
export function parseLocalInstant(value: unknown, calendar: LocalCalendar): number | null {
  if (typeof value === 'string' && value.length <= 12) {
    const day = parseYmd(value.trim());
    if (day !== null) return calendar.startOf(day);
  }
  return parseInstant(value);
}

export function isValidTimeZone(zone: string): boolean {
  // UTC needs no check, and asking Intl loads its time zone data (a tenth of a second of a
  // small `lotwise calc`): the calendar of UTC uses no formatter either.
  if (zone === 'UTC' || zone === 'Etc/UTC') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Converts instants to local calendar days. Offsets are cached per quarter hour (every zone
 * changes offset on a quarter-hour boundary), so 1M rows cost a few thousand Intl calls.
 */
export class LocalCalendar {
  private readonly formatter: Intl.DateTimeFormat | null;
  private readonly offsets = new Map<number, number>();
  private lastStart = Number.NaN;
  private lastDay: Ymd = 0;

  constructor(readonly timeZone = 'UTC') {
    this.formatter =
      timeZone === 'UTC' || timeZone === 'Etc/UTC'
        ? null
        : new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
          });
  }

  /** Local calendar day of an instant, as YYYYMMDD. */
  day(ms: number): Ymd {
    const local = ms + this.offset(ms);
    // Sorted rows mostly share a day with the row before: remember the last local day.
    if (local >= this.lastStart && local < this.lastStart + DAY) return this.lastDay;
    const date = new Date(local);
    this.lastStart = local - (((local % DAY) + DAY) % DAY);
    this.lastDay = date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
    return this.lastDay;
  }

  /** The instant at which the given local day starts (first instant whose local day is >= it). */
  startOf(day: Ymd): number {
    const utc = Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100);
    // The offset at the guess is right except across a transition; one correction suffices.
    let guess = utc - this.offset(utc);
    guess = utc - this.offset(guess);
    while (this.day(guess) < day) guess += QUARTER_HOUR;
    while (this.day(guess - 1) >= day) guess -= QUARTER_HOUR;
    return guess;
  }

  private offset(ms: number): number {
    if (this.formatter === null) return 0;
    const bucket = Math.floor(ms / QUARTER_HOUR);
    const cached = this.offsets.get(bucket);
    if (cached !== undefined) return cached;
    const at = bucket * QUARTER_HOUR;
    const parts: Record<string, number> = {};
    for (const part of this.formatter.formatToParts(new Date(at))) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const asUtc = Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
    );
    const offset = asUtc - at;
    this.offsets.set(bucket, offset);
    return offset;
  }
}

export function yearOf(day: Ymd): number {
  return Math.floor(day / 10000);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * The one-year anniversary of an acquisition day: same month and day a year later; a
 * 29 February acquisition's anniversary is 28 February of the (non-leap) following year.
 */
export function anniversary(day: Ymd): Ymd {
  const next = day + 10000;
  if (day % 10000 === 229 && !isLeapYear(Math.floor(next / 10000))) return next - 1;
  return next;
}

/** Long term only when disposed of after (not on) the one-year anniversary. */
export function isLongTerm(acquired: Ymd, disposed: Ymd): boolean {
  return disposed > anniversary(acquired);
}

const dayStrings = new Map<Ymd, string>();

/** YYYY-MM-DD of a day (memoised: a history has a few thousand distinct days). */
export function ymdString(day: Ymd): string {
  let text = dayStrings.get(day);
  if (text === undefined) {
    text = formatYmd(day);
    if (dayStrings.size < 100_000) dayStrings.set(day, text);
  }
  return text;
}

function formatYmd(day: Ymd): string {
  const y = Math.floor(day / 10000);
  const m = Math.floor(day / 100) % 100;
  const d = day % 100;
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

export function parseYmd(text: string): Ymd | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 10000 + Number(match[2]) * 100 + Number(match[3]);
}

const ISO_MIN = Date.UTC(1000, 0, 1);
const ISO_MAX = Date.UTC(10000, 0, 1);

/**
 * ISO text of an instant, exactly as toISOString ("2024-03-01T12:00:00.000Z"), about four
 * times faster. Built with one String.fromCharCode call so the result is a flat string (a
 * concatenated one stays a rope of small strings in V8 and, kept in a million audit lines,
 * costs a third more memory). Years outside 1000–9999 go through toISOString.
 */
export function isoString(ms: number): string {
  if (!(ms >= ISO_MIN && ms < ISO_MAX)) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY);
  let rest = ms - days * DAY;
  // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const mi = Math.floor(rest / 60_000);
  rest -= mi * 60_000;
  const sec = Math.floor(rest / 1000);
  const milli = rest - sec * 1000;
  return String.fromCharCode(
    48 + Math.floor(y / 1000),
    48 + (Math.floor(y / 100) % 10),
    48 + (Math.floor(y / 10) % 10),
    48 + (y % 10),
    45,
    48 + Math.floor(m / 10),
    48 + (m % 10),
    45,
    48 + Math.floor(d / 10),
    48 + (d % 10),
    84,
    48 + Math.floor(h / 10),
    48 + (h % 10),
    58,
    48 + Math.floor(mi / 10),
    48 + (mi % 10),
    58,
    48 + Math.floor(sec / 10),
    48 + (sec % 10),
    46,
    48 + Math.floor(milli / 100),
    48 + (Math.floor(milli / 10) % 10),
    48 + (milli % 10),
    90,
  );
}
