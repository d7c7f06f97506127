import { changeFor, type LabsSort, type ResearchItem } from '@lotwise/contracts/labs/labs';
import Decimal from 'decimal.js';
import type { Market } from './market.service.ts';
import type { StoredResearch } from './research.repo.ts';

/**
 * A research item with today's figures: each position's value (quantity × price), the total,
 * and the total's change over the sort period (what the positions were worth then, from each
 * price's change). Unknown when any position lacks a price or a change: never a partial sum.
 */
export function researchView(item: StoredResearch, market: Market, sort: LabsSort): ResearchItem {
  let total: Decimal | null = new Decimal(0);
  let before: Decimal | null = new Decimal(0);
  const positions: ResearchItem['positions'] = [];
  for (const p of item.positions) {
    const m = market.bySymbol.get(p.asset) ?? null;
    const value = m?.price ? new Decimal(m.price).times(p.quantity) : null;
    const change = m ? changeFor(m, sort) : null;
    total = total && value ? total.plus(value) : null;
    before =
      before && value && change !== null
        ? before.plus(value.div(new Decimal(change).div(100).plus(1)))
        : null;
    positions.push({
      asset: p.asset,
      quantity: p.quantity,
      market: m,
      value: value ? value.toFixed(2) : null,
    });
  }
  return {
    id: item.id,
    kind: item.kind,
    name: item.name,
    created_at: item.created_at,
    positions,
    value: total ? total.toFixed(2) : null,
    change:
      total && before && !before.isZero()
        ? total.div(before).minus(1).times(100).toDecimalPlaces(2).toFixed(2)
        : null,
  };
}
