import { originLabel } from '@lotwise/prices/origin-label';
import type { AppContext } from '../../http/context.ts';
import { type UnitPrice, unitPrice } from './holdings.aggregate.ts';

/**
 * The latest price the table knows for each asset (on or before today, shared or the user's
 * own), in the user's currency, with its day and origin: what holdings are valued at when it
 * is newer than the user's own last transaction of the asset.
 */
export async function tablePrices(
  ctx: AppContext,
  userId: number,
  assets: readonly string[],
  currency: string,
): Promise<Map<string, UnitPrice>> {
  const out = new Map<string, UnitPrice>();
  if (assets.length === 0) return out;
  const today = new Date().toISOString().slice(0, 10);
  const days = await ctx.prices.repo.latestDays(
    assets.map((a) => a.toUpperCase()),
    userId,
    today,
  );
  const needs = [...days].map(([asset, day]) => ({ asset, day }));
  if (needs.length === 0) return out;
  const { book } = await ctx.prices.resolve(needs, { currency, userId, offline: true });
  for (const asset of assets) {
    const day = days.get(asset.toUpperCase());
    const answer = day ? book.answer(asset, currency, day) : null;
    if (!answer || !day) continue;
    const origin = answer.source === 'peg' ? answer.origin : originLabel(answer.origin);
    const price = unitPrice(answer.price, '1', { kind: 'price_table', date: day, origin });
    if (price) out.set(asset, price);
  }
  return out;
}
