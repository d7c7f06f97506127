import Decimal from 'decimal.js';
import type { DailyPoint } from './provider.ts';

/**
 * A provider's [milliseconds, price] points → one price a day: the point nearest the start of
 * each UTC day within [from, to]. Returns null when the reply is not that shape (a malformed
 * reply is an error, never a price of 0).
 */
export function dailyFromPoints(points: unknown, from: string, to: string): DailyPoint[] | null {
  if (!Array.isArray(points)) return null;
  const best = new Map<string, { distance: number; price: string }>();
  for (const point of points) {
    if (!Array.isArray(point) || point.length < 2) return null;
    const [ms, price] = point as [unknown, unknown];
    if (typeof ms !== 'number' || !Number.isFinite(ms)) return null;
    const text = priceText(price);
    if (text === null) return null;
    const day = new Date(ms).toISOString().slice(0, 10);
    if (day < from || day > to) continue;
    const distance = ms - Date.parse(`${day}T00:00:00Z`);
    const known = best.get(day);
    if (!known || distance < known.distance) best.set(day, { distance, price: text });
  }
  return [...best].sort(([a], [b]) => a.localeCompare(b)).map(([day, { price }]) => ({ day, price }));
}

/** A price as the provider wrote it (JSON numbers keep their shortest exact text), or null. */
export function priceText(value: unknown): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    return new Decimal(String(value)).toFixed();
  }
  if (typeof value === 'string' && /^\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value.trim())) {
    return new Decimal(value.trim()).toFixed();
  }
  return null;
}
