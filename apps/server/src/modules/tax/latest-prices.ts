import { isFiat } from '@lotwise/engine/assets';
import type { Holding } from '@lotwise/engine/types';
import type { PriceService } from '../prices/prices.service.ts';

/**
 * After a calculation, today's price of each asset still held, asked of the providers when
 * the table lacks it (once a day per asset): holdings are then valued at a current price.
 * A provider that does not answer changes nothing; the latest known price is used.
 */
export async function refreshLatestPrices(
  prices: PriceService,
  holdings: readonly Holding[],
  currency: string,
  userId: number,
  signal?: AbortSignal,
): Promise<void> {
  if (prices.providerNames.length === 0) return;
  const today = new Date().toISOString().slice(0, 10);
  const assets = [...new Set(holdings.map((h) => h.asset.toUpperCase()))].filter((a) => !isFiat(a));
  if (assets.length === 0) return;
  try {
    await prices.resolve(
      assets.map((asset) => ({ asset, day: today })),
      { currency, userId, ...(signal ? { signal } : {}) },
    );
  } catch {
    // Holdings keep the latest known price.
  }
}
