import { parseInstant } from '@lotwise/engine/dates';

const DAY_MS = 86_400_000;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day (YYYY-MM-DD) of a timestamp, or null when it cannot be read. */
export function utcDay(timestamp: string): string | null {
  // Importers write ISO UTC ("2024-03-01T10:00:00Z"): its first ten characters are the day.
  if (timestamp.length >= 20 && timestamp.endsWith('Z') && timestamp[10] === 'T')
    return timestamp.slice(0, 10);
  const ms = parseInstant(timestamp);
  return ms === null ? null : new Date(ms).toISOString().slice(0, 10);
}

/** The UTC minute (HH:MM) of a timestamp, or null. */
export function utcMinute(timestamp: string): string | null {
  if (timestamp.length >= 20 && timestamp.endsWith('Z') && timestamp[10] === 'T')
    return timestamp.slice(11, 16);
  const ms = parseInstant(timestamp);
  return ms === null ? null : new Date(ms).toISOString().slice(11, 16);
}

export function isDay(text: string): boolean {
  if (!YMD.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

export function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function msDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return msDay(dayMs(day) + n * DAY_MS);
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((dayMs(b) - dayMs(a)) / DAY_MS);
}

/**
 * Joins sorted days into windows of consecutive coverage: days less than `gap` apart share a
 * window, and no window spans more than `maxSpan` days. One provider request per window.
 */
export function windows(days: readonly string[], gap: number, maxSpan: number): Array<[string, string]> {
  const sorted = [...new Set(days)].sort();
  const out: Array<[string, string]> = [];
  let start: string | null = null;
  let end = '';
  for (const day of sorted) {
    if (start !== null && daysBetween(end, day) <= gap && daysBetween(start, day) < maxSpan) {
      end = day;
      continue;
    }
    if (start !== null) out.push([start, end]);
    start = day;
    end = day;
  }
  if (start !== null) out.push([start, end]);
  return out;
}
