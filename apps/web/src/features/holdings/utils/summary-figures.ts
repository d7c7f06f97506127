import type { HoldingTotals } from '@lotwise/contracts/holdings/holdings';

/** Where a held asset without today's price is given one. */
const ADD_PRICES = 'load a price file in Settings → Prices';

/**
 * Whether the portfolio value and the unrealised gain are known, and why not: with no held
 * asset priced the value is not $0.00 but unknown; with no held asset both priced and of known
 * basis the gain is unknown too (issue 35, found by the walk: $0.00 for coins worth money).
 */
export function unknownFigures(totals: HoldingTotals): { value: string | null; gain: string | null } {
  const held = totals.assets_count;
  if (held === 0) return { value: null, gain: null };
  const unpriced = totals.unpriced_assets;
  const value = unpriced.length >= held ? `No price today for ${unpriced.join(', ')}: ${ADD_PRICES}` : null;
  const left = new Set([...unpriced, ...totals.basis_unknown_assets]);
  let gain: string | null = null;
  if (value) gain = value;
  else if (left.size >= held)
    gain = `${[...left].join(', ')}: no price today or cost basis unknown — add the missing prices, then calculate again`;
  return { value, gain };
}
