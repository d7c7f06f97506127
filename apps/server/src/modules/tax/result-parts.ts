import type { CalculationResult } from '@lotwise/engine/types';

/**
 * A calculation result crosses from the engine worker in parts: each long list in slices of
 * SLICE items, then the rest. The server's thread decodes a message before it can do anything
 * else, and a 100k-row result in one message held it for ~0.8 s (its warnings, statuses and
 * lines). Node hands over every queued message in one go, so the worker sends the next slice
 * only when the server has taken the last one and answered (run-engine.ts): each pause is
 * then one slice's decoding, a few tens of milliseconds.
 */
export const SLICE = 5_000;

/** Where a slice belongs: a top-level list, or a year's disposals or income lines. */
export type PartPath =
  | { list: 'warnings' | 'statuses' | 'holdings' }
  | { year: string; list: 'disposals' | 'incomeLines' };

export interface ResultPart {
  path: PartPath;
  items: unknown[];
}

/** The long lists of `result` as slices, and the result without them. */
export function splitResult(result: CalculationResult): { parts: ResultPart[]; rest: CalculationResult } {
  const parts: ResultPart[] = [];
  const drain = (path: PartPath, items: unknown[]) => {
    for (let i = 0; i < items.length; i += SLICE) parts.push({ path, items: items.slice(i, i + SLICE) });
  };
  drain({ list: 'warnings' }, result.warnings);
  drain({ list: 'statuses' }, result.statuses);
  drain({ list: 'holdings' }, result.holdings);
  const years: CalculationResult['years'] = {};
  for (const [year, summary] of Object.entries(result.years)) {
    drain({ year, list: 'disposals' }, summary.disposals);
    drain({ year, list: 'incomeLines' }, summary.incomeLines);
    years[year] = { ...summary, disposals: [], incomeLines: [] };
  }
  return { parts, rest: { ...result, years, warnings: [], statuses: [], holdings: [] } };
}

/** Puts slices back, in the order they were sent, into the rest of the result. */
export class ResultAssembler {
  private readonly parts: ResultPart[] = [];

  add(part: ResultPart): void {
    this.parts.push(part);
  }

  assemble(rest: CalculationResult): CalculationResult {
    for (const { path, items } of this.parts) {
      let target: unknown[];
      if ('year' in path) {
        const year = rest.years[path.year];
        if (!year) throw new Error(`Tax result slice for year ${path.year}, which the result lacks`);
        target = year[path.list];
      } else target = rest[path.list];
      // The worker cut each slice from the list its path names, so the items are of its type.
      for (const item of items) target.push(item);
    }
    this.parts.length = 0;
    return rest;
  }
}
