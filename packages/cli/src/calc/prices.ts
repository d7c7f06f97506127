import { readFileSync } from 'node:fs';
import { parseInstant } from '@lotwise/engine/dates';
import type { PriceLookup } from '@lotwise/engine/types';
import { parse } from 'csv-parse/sync';

/**
 * A price table file for --prices: CSV with the header `asset,date,price` (date YYYY-MM-DD,
 * price of one unit in the reporting currency that day, UTC). Returns the lookup or an error.
 */
export function loadPriceTable(path: string): PriceLookup | string {
  let rows: Record<string, string>[];
  try {
    rows = parse(readFileSync(path), {
      columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    return `cannot read price table ${path}: ${(error as Error).message}`;
  }
  const table = new Map<string, string>();
  for (const row of rows) {
    if (row.asset && row.date && row.price)
      table.set(`${row.asset.toUpperCase()}|${row.date.slice(0, 10)}`, row.price);
  }
  return (asset, timestamp) => {
    const ms = parseInstant(timestamp);
    if (ms === null) return null;
    return table.get(`${asset.toUpperCase()}|${new Date(ms).toISOString().slice(0, 10)}`) ?? null;
  };
}
