import type { HoldingRow, HoldingTotals, PriceSource } from '@lotwise/contracts/holdings/holdings';
import DecimalJs from 'decimal.js';
import type { LotRow } from './holdings.repo.ts';

/** Exact decimal arithmetic for money and quantities (never JS floats). */
const D = DecimalJs.clone({ precision: 60, rounding: DecimalJs.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

export interface UnitPrice {
  unit: Dec;
  source: PriceSource;
}

interface Group {
  asset: string;
  wallet: string | null;
  quantity: Dec;
  cost: Dec;
  lots: number;
  /** Lots acquired without a price: the group's cost basis is unknown. */
  unknown: number;
}

const money = (d: Dec) => d.toDecimalPlaces(8).toFixed();
const exact = (d: Dec) => d.toFixed();

export function unitPrice(fiatValue: string, amount: string, source: PriceSource): UnitPrice | null {
  try {
    const a = new D(amount).abs();
    if (a.isZero()) return null;
    return { unit: new D(fiatValue).abs().div(a), source };
  } catch {
    return null;
  }
}

/** Sums open lots per asset, or per asset and wallet. */
export function groupLots(lots: LotRow[], byAccount: boolean): Group[] {
  const groups = new Map<string, Group>();
  for (const lot of lots) {
    const key = byAccount ? `${lot.asset}\u0000${lot.wallet}` : lot.asset;
    let g = groups.get(key);
    if (!g) {
      g = {
        asset: lot.asset,
        wallet: byAccount ? lot.wallet : null,
        quantity: new D(0),
        cost: new D(0),
        lots: 0,
        unknown: 0,
      };
      groups.set(key, g);
    }
    g.quantity = g.quantity.plus(lot.amount);
    g.cost = g.cost.plus(lot.cost_basis);
    g.lots += 1;
    if (lot.basis_unknown) g.unknown += 1;
  }
  return [...groups.values()].filter((g) => !g.quantity.isZero());
}

interface RowWithSort {
  row: HoldingRow;
  market: Dec | null;
  cost: Dec;
}

/** Rows with market value and unrealised gain where a price is known; largest value first. */
export function buildRows(
  groups: Group[],
  prices: Map<string, UnitPrice>,
  accountIds: Map<string, number>,
): { rows: HoldingRow[]; totalMarket: string } {
  const sorted: RowWithSort[] = groups.map((g) => {
    const price = prices.get(g.asset);
    const market = price ? g.quantity.times(price.unit) : null;
    return {
      market,
      cost: g.cost,
      row: {
        asset: g.asset,
        account_id: g.wallet === null ? null : (accountIds.get(g.wallet) ?? null),
        account: g.wallet,
        quantity: exact(g.quantity),
        // A lot bought without a price has no known basis: Unknown, never the stored 0.
        cost_basis: g.unknown > 0 ? null : money(g.cost),
        unit_price: price ? price.unit.toSignificantDigits(20).toFixed() : null,
        market_value: market ? money(market) : null,
        unrealised_gain: market && g.unknown === 0 ? money(market.minus(g.cost)) : null,
        price_source: price ? price.source : null,
        lots: g.lots,
        basis_unknown_lots: g.unknown,
      },
    };
  });
  sorted.sort((a, b) => {
    if (a.market && b.market) {
      const c = b.market.comparedTo(a.market);
      if (c !== 0) return c;
    } else if (a.market || b.market) {
      return a.market ? -1 : 1;
    }
    const c = b.cost.comparedTo(a.cost);
    if (c !== 0) return c;
    return a.row.asset.localeCompare(b.row.asset) || (a.row.account ?? '').localeCompare(b.row.account ?? '');
  });
  const totalMarket = sorted.reduce((sum, r) => (r.market ? sum.plus(r.market) : sum), new D(0));
  return { rows: sorted.map((r) => r.row), totalMarket: money(totalMarket) };
}

/** Portfolio totals, allocation of the priced value by asset, and unrealised gain by acquisition year. */
export function totalsOf(lots: LotRow[], prices: Map<string, UnitPrice>): HoldingTotals {
  const groups = groupLots(lots, false);
  let cost = new D(0);
  let pricedCost = new D(0);
  let market = new D(0);
  /** Market value of the priced assets whose basis is known (the gain's side). */
  let knownMarket = new D(0);
  const values: { asset: string; value: Dec }[] = [];
  const unpriced: string[] = [];
  const unknownBasis: string[] = [];
  for (const g of groups) {
    cost = cost.plus(g.cost);
    if (g.unknown > 0) unknownBasis.push(g.asset);
    const price = prices.get(g.asset);
    if (!price) {
      unpriced.push(g.asset);
      continue;
    }
    const value = g.quantity.times(price.unit);
    // The gain is measured on assets whose basis is known; the others are named instead.
    market = market.plus(value);
    if (g.unknown === 0) {
      pricedCost = pricedCost.plus(g.cost);
      knownMarket = knownMarket.plus(value);
    }
    values.push({ asset: g.asset, value });
  }
  values.sort((a, b) => b.value.comparedTo(a.value) || a.asset.localeCompare(b.asset));
  const years = new Map<number, { cost: Dec; market: Dec }>();
  for (const lot of lots) {
    const price = prices.get(lot.asset);
    const year = Number(lot.acquired_at.slice(0, 4));
    if (!price || !Number.isInteger(year) || lot.basis_unknown) continue;
    const y = years.get(year) ?? { cost: new D(0), market: new D(0) };
    y.cost = y.cost.plus(lot.cost_basis);
    y.market = y.market.plus(new D(lot.amount).times(price.unit));
    years.set(year, y);
  }
  return {
    total_cost_basis: unknownBasis.length > 0 ? null : money(cost),
    total_market_value: money(market),
    unrealised_gain: money(knownMarket.minus(pricedCost)),
    priced_cost_basis: money(pricedCost),
    assets_count: groups.length,
    unpriced_assets: unpriced.sort(),
    basis_unknown_assets: unknownBasis.sort(),
    allocation: values.map((v) => ({
      asset: v.asset,
      market_value: money(v.value),
      percent: market.isZero() ? '0.00' : v.value.div(market).times(100).toFixed(2),
    })),
    unrealised_by_year: [...years.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([year, y]) => ({
        year,
        cost_basis: money(y.cost),
        market_value: money(y.market),
        unrealised_gain: money(y.market.minus(y.cost)),
      })),
  };
}
