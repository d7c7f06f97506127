import type { ChartTrade, LabsHolding, PriceRange } from '@lotwise/contracts/labs/labs';
import { LABS_CURRENCY } from '@lotwise/contracts/labs/labs';
import { addDays } from '@lotwise/prices/days';
import { fetchIntraday } from '@lotwise/prices/providers/coingecko-market';
import Decimal from 'decimal.js';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import {
  buildRows,
  groupLots,
  latestCompleteCalc,
  lotUnpriced,
  unpricedTransactions,
  userSnapshot,
} from '../holdings/holdings.service.ts';
import { labelList, type ProviderReach, providerReach } from '../prices/valuation.service.ts';

const RANGE_DAYS: Record<Exclude<PriceRange, 'ALL'>, number> = { '1D': 1, '7D': 7, '1M': 30, '1Y': 365 };
/** Trades marked on one chart at most (the newest): a chart cannot show more apart. */
const MAX_TRADES = 500;
/** The longest history asked of a provider for "all" (its daily history of 10 years). */
const MAX_DAYS = 3650;

const today = () => new Date().toISOString().slice(0, 10);

export interface PriceChart {
  points: Array<[string, string]>;
  note: string | null;
  /** A provider is asked in the background for the range's missing prices (the page asks again soon). */
  pending: boolean;
  trades: ChartTrade[];
}
interface TradeRow {
  id: number;
  timestamp: string;
  sent_asset: string | null;
  sent_amount: string | null;
  received_asset: string | null;
  received_amount: string | null;
  fiat_currency: string | null;
  fiat_value: string | null;
}

/** The user's buys, sells and trades of the asset (newest MAX_TRADES), oldest first. */
async function tradeRows(ctx: AppContext, userId: number, asset: string): Promise<TradeRow[]> {
  const rows = await ctx.db.kysely
    .selectFrom('transactions')
    .select([
      'id',
      'timestamp',
      'sent_asset',
      'sent_amount',
      'received_asset',
      'received_amount',
      'fiat_currency',
      'fiat_value',
    ])
    .where('user_id', '=', userId)
    .where('ignored', '=', false)
    .where('kind', 'in', ['buy', 'sell', 'trade'])
    .where((eb) => eb.or([eb('sent_asset', '=', asset), eb('received_asset', '=', asset)]))
    .orderBy('timestamp', 'desc')
    .limit(MAX_TRADES)
    .execute();
  return rows
    .map((r) => ({
      ...r,
      sent_amount: r.sent_amount === null ? null : String(r.sent_amount),
      received_amount: r.received_amount === null ? null : String(r.received_amount),
      fiat_value: r.fiat_value === null ? null : String(r.fiat_value),
    }))
    .reverse();
}

/** The first day the chart's "all" range starts: the user's first trade, else a year back. */
function allStart(trades: TradeRow[], end: string): string {
  const first = trades[0]?.timestamp.slice(0, 10);
  const earliest = addDays(end, -MAX_DAYS);
  if (!first || first >= end) return addDays(end, -365);
  // The later of the two days (ISO days sort as text).
  return [earliest, first].sort()[1] as string;
}

/**
 * The price chart of /labs/price/{id}: daily USD prices over the range from the price service
 * (the table first; the providers fill what it lacks into the table), the last day in 5-minute
 * steps for 1D when CoinGecko is configured and reachable, and the user's buys and sells in the
 * range, each at its own USD value per unit when the row has one. Nobody waits on a provider
 * known or likely to be unreachable (issue 35.11): such a provider is asked in the background
 * and the chart shows the local table meanwhile.
 */
export async function priceChart(
  ctx: AppContext,
  user: UserRow,
  asset: string,
  range: PriceRange,
  latestKnownDay: string | null,
): Promise<PriceChart> {
  const provider = ctx.prices.settings.coingecko;
  const offline = ctx.prices.providerNames.length === 0;
  const trades = await tradeRows(ctx, user.id, asset);
  // Offline, the chart ends on the last day the table knows (it may be long ago), not today.
  const end = offline && latestKnownDay && latestKnownDay < today() ? latestKnownDay : today();
  const start = range === 'ALL' ? allStart(trades, end) : addDays(end, -RANGE_DAYS[range]);
  let note: string | null = null;
  let pending = false;

  let points: Array<[string, string]> = [];
  const intraday = provider && providerReach(ctx.prices.settings).find((r) => r.id === provider.id);
  if (range === '1D' && provider && intraday?.mode === 'now') {
    const coin = await ctx.prices.describe(asset);
    try {
      points = coin.coinId ? await fetchIntraday(provider, coin.coinId) : [];
    } catch {
      note = `${provider.label} did not answer for the last day's prices: showing daily prices.`;
    }
  }
  const byDay = new Map<string, string>();
  if (points.length === 0) {
    const needs = [];
    for (let day = start; day <= end; day = addDays(day, 1)) needs.push({ asset, day });
    const { resolution, reach, asking } = await ctx.prices.resolveForPage(
      needs,
      { currency: LABS_CURRENCY, userId: user.id, offline },
      `labs-chart:${asset}:${start}:${end}`,
    );
    for (const need of needs) {
      const answer = resolution.book.answer(asset, LABS_CURRENCY, need.day);
      // A day's own price only: the book may carry a nearby day's forward, which the chart must not draw as that day's.
      if (answer && answer.day === need.day) byDay.set(need.day, answer.price);
    }
    points = [...byDay].map(([day, price]) => [`${day}T00:00:00.000Z`, price]);
    pending = asking.length > 0;
    // The providers that did not answer (or are skipped for a while after failing: the circuit breaker).
    const unreachable = unreachableText(ctx, reach, resolution.failures);
    if (pending) note ??= askingText(asset, labelList(asking) ?? '', points.length > 0);
    else if (points.length === 0) note ??= noPricesText(asset, offline, unreachable);
    else if (unreachable) note ??= `${unreachable}: prices from your local price table only.`;
    else if (offline && end < today()) note ??= `Prices end on ${end}: the price table has nothing newer.`;
    else if (range === '1D') note ??= 'Daily prices only: intraday prices need a market provider.';
  }

  const inRange = trades.filter((t) => t.timestamp.slice(0, 10) >= start && t.timestamp.slice(0, 10) <= end);
  return { points, note, pending, trades: inRange.map((t) => chartTrade(t, asset, byDay)) };
}

/** A provider asked in the background: what the chart shows meanwhile. */
function askingText(asset: string, providers: string, anyPoints: boolean): string {
  return anyPoints
    ? `Asking ${providers} for the rest of the ${asset} prices: showing your local price table meanwhile.`
    : `Asking ${providers} for ${asset} prices…`;
}

/**
 * "CoinGecko is unreachable" / "CoinGecko and Bitstamp are unreachable": the crypto providers
 * left alone after failing (open breaker) or failing now; null when none.
 */
function unreachableText(
  ctx: AppContext,
  reach: readonly ProviderReach[],
  failures: ReadonlyArray<{ provider: string }>,
): string | null {
  const ids = new Set([
    ...failures.map((f) => f.provider),
    ...reach.filter((r) => r.mode === 'skipped').map((r) => r.id),
  ]);
  const labels = ctx.prices.settings.providers.crypto.filter((p) => ids.has(p.id)).map((p) => p.label);
  const list = labelList(labels);
  if (list === null) return null;
  return `${list} ${labels.length === 1 ? 'is' : 'are'} unreachable`;
}

/** No price at all in the range: say so, and how prices get there. */
export function noPricesText(asset: string, offline: boolean, unreachable: string | null): string {
  const file = 'load a price file under Settings → Prices';
  if (unreachable)
    return `No ${asset} prices for this range yet (${unreachable}): ${file}, or they are fetched once the provider is reachable.`;
  if (offline) return `No ${asset} prices for this range yet: ${file} (no price provider is configured).`;
  return `No ${asset} prices for this range yet: the price provider has none; ${file} to add them.`;
}

function chartTrade(t: TradeRow, asset: string, byDay: Map<string, string>): ChartTrade {
  const side = t.received_asset === asset ? 'buy' : 'sell';
  const amount = (side === 'buy' ? t.received_amount : t.sent_amount) ?? '0';
  let price: string | null = null;
  if (t.fiat_currency === LABS_CURRENCY && t.fiat_value !== null && !new Decimal(amount).isZero()) {
    price = new Decimal(t.fiat_value).div(amount).abs().toSignificantDigits(12).toFixed();
  } else {
    price = byDay.get(t.timestamp.slice(0, 10)) ?? null;
  }
  return { transaction_id: t.id, timestamp: t.timestamp, side, amount, price };
}

/**
 * Realised gain in the asset (every year of the latest complete calculation) and the open
 * position. A figure that rests on a missing price (a sale without one, lots bought without
 * one) is unknown, with the reason, never counted as $0 (issue 35).
 */
export async function gainsIn(
  ctx: AppContext,
  user: UserRow,
  asset: string,
): Promise<{
  currency: string;
  calculated_at: string | null;
  realised: string | null;
  holding: LabsHolding | null;
  unknown_note: string | null;
}> {
  const snap = await userSnapshot(ctx, user);
  if (snap.calculatedAt === null)
    return {
      currency: snap.currency,
      calculated_at: null,
      realised: null,
      holding: null,
      unknown_note: null,
    };
  const calc = await latestCompleteCalc(ctx, user.id);
  const [sales, unpriced] = await Promise.all([
    ctx.db.kysely
      .selectFrom('tax_disposals')
      .select(['gain', 'missing_price', 'lots'])
      .where('calc_id', '=', calc?.id ?? -1)
      .where('asset', '=', asset)
      .execute(),
    unpricedTransactions(ctx, calc?.id ?? -1),
  ]);
  let realised = new Decimal(0);
  let unknownSales = 0;
  for (const sale of sales) {
    const lots = JSON.parse(sale.lots) as Array<{ lotId: string | null }>;
    if (sale.missing_price || lots.some((l) => lotUnpriced(l.lotId, unpriced))) unknownSales++;
    else realised = realised.plus(String(sale.gain));
  }
  const { rows } = buildRows(groupLots(snap.lots, false), snap.prices, snap.accountIds);
  const row = rows.find((r) => r.asset === asset);
  const notes: string[] = [];
  if (unknownSales > 0)
    notes.push(
      `${unknownSales === 1 ? 'a sale' : `${unknownSales} sales`} of ${asset} ${unknownSales === 1 ? 'rests' : 'rest'} on a missing price, so the realised gain is unknown`,
    );
  if (row && row.basis_unknown_lots > 0)
    notes.push(
      `${row.basis_unknown_lots === 1 ? 'a lot' : `${row.basis_unknown_lots} lots`} you hold ${row.basis_unknown_lots === 1 ? 'was' : 'were'} bought without a price, so the cost basis and unrealised gain are unknown`,
    );
  return {
    currency: snap.currency,
    calculated_at: snap.calculatedAt,
    realised: unknownSales > 0 ? null : realised.toFixed(2),
    holding: row
      ? {
          quantity: row.quantity,
          cost_basis: row.cost_basis,
          market_value: row.market_value,
          unrealised_gain: row.unrealised_gain,
        }
      : null,
    unknown_note:
      notes.length > 0 ? `Unknown: ${notes.join('; ')}. Add the missing prices, then calculate again.` : null,
  };
}
