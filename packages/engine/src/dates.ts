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

/**
 * ISO text of an instant. Kept as toISOString: a hand-built string is a rope of many small
 * strings in V8 and, kept in a million audit lines, costs a third more memory (measured).
 */
export function isoString(ms: number): string {
  return new Date(ms).toISOString();
}
