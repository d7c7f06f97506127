import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { EngineTransaction, EngineWarning, PriceLookup } from '@lotwise/engine/types';
import { priceSettingsFromEnv } from '@lotwise/prices/config';
import { engineLookup } from '@lotwise/prices/explain';
import { priceNeeds } from '@lotwise/prices/needs';
import { PriceResolver, type Resolution } from '@lotwise/prices/resolver';
import { MemoryPriceStore } from '@lotwise/prices/store';
import { priceWarnings } from '@lotwise/prices/warnings';

export interface CliPrices {
  lookup: PriceLookup;
  warnings: EngineWarning[];
  resolution: Resolution;
}

/**
 * The CLI's prices: the `--prices` files (date,asset,price,currency, CoinGecko's export, or
 * the older asset,date,price in the reporting currency) as the local table, then the
 * configured providers unless `--offline` — the same resolver the app's calculation uses.
 * Returns an error message when a price file cannot be read (nothing is calculated then).
 */
export async function resolveCliPrices(
  rows: readonly EngineTransaction[],
  files: readonly string[],
  options: { currency: string; offline: boolean; env?: Record<string, string | undefined> },
): Promise<CliPrices | string> {
  const store = new MemoryPriceStore();
  // The price-file reader (and its CSV library) only for --prices: most runs name none.
  if (files.length > 0) {
    const { formatPriceFileError, parsePriceFile } = await import('@lotwise/prices/price-csv');
    for (const path of files) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(path);
      } catch (error) {
        return `cannot read price file ${path}: ${(error as Error).message}`;
      }
      const parsed = parsePriceFile(bytes, { name: basename(path), currency: options.currency });
      if (!parsed.ok) return `price file ${path}: ${parsed.errors.map(formatPriceFileError).join('; ')}`;
      await store.save(parsed.prices);
    }
  }
  let settings: ReturnType<typeof priceSettingsFromEnv>;
  try {
    settings = priceSettingsFromEnv(options.env ?? process.env, options.offline);
  } catch (error) {
    return (error as Error).message;
  }
  const resolver = new PriceResolver(store, settings.providers, settings.pegs);
  const resolution = await resolver.resolve(priceNeeds(rows, options.currency), {
    currency: options.currency,
    offline: options.offline,
    budgetMs: settings.budgetMs,
  });
  return {
    lookup: engineLookup(resolution.book, options.currency),
    warnings: priceWarnings(resolution),
    resolution,
  };
}
