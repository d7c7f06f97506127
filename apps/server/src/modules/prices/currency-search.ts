import type { CurrencyResult } from '@lotwise/contracts/prices/prices';
import type { AppContext } from '../../http/context.ts';
import { REPORTING_CURRENCIES } from '../onboarding/onboarding.service.ts';

/**
 * The currency search (spec 01 §7 `/imports/v1/currencies/search`): fiat currencies and
 * coins by code or name, biggest first, each with its latest known price in the user's
 * currency (from the price table; null when it has none).
 */
export async function currencyResults(
  ctx: AppContext,
  q: string,
  userCurrency: string,
): Promise<CurrencyResult[]> {
  const needle = q.trim().toLowerCase();
  if (needle === '') return [];
  const currency = userCurrency.toUpperCase();
  const fiat: CurrencyResult[] = REPORTING_CURRENCIES.filter(
    (c) => c.code.toLowerCase().startsWith(needle) || c.name.toLowerCase().includes(needle),
  ).map((c) => ({
    currency_id: c.code,
    code: c.code,
    name: c.name,
    rank: null,
    price: null,
    icon_url: null,
  }));
  const coins = await ctx.prices.search(needle);
  const today = new Date().toISOString().slice(0, 10);
  const latest = await ctx.prices.repo.latestDays(
    coins.map((c) => c.symbol.toUpperCase()),
    0,
    today,
  );
  const needs = [...latest].map(([asset, day]) => ({ asset, day }));
  const book = needs.length > 0 ? (await ctx.prices.resolve(needs, { currency, offline: true })).book : null;
  const priced: CurrencyResult[] = coins.map((c) => {
    const day = latest.get(c.symbol.toUpperCase());
    return {
      currency_id: c.id,
      code: c.symbol.toUpperCase(),
      name: c.name,
      rank: c.rank,
      price: day && book ? (book.answer(c.symbol, currency, day)?.price ?? null) : null,
      icon_url: c.iconUrl ?? null,
    };
  });
  return [...fiat, ...priced].slice(0, 25);
}
