import type { HoldingTotals } from '@lotwise/contracts/holdings/holdings';
import { describe, expect, it } from 'vitest';
import { unknownFigures } from './summary-figures';

const totals = (over: Partial<HoldingTotals>): HoldingTotals => ({
  total_cost_basis: '100',
  total_market_value: '0',
  unrealised_gain: '0',
  priced_cost_basis: '0',
  assets_count: 2,
  unpriced_assets: [],
  basis_unknown_assets: [],
  allocation: [],
  unrealised_by_year: [],
  ...over,
});

describe('unknownFigures (issue 35: $0.00 portfolio value when every price is unknown)', () => {
  it('every held asset without a price: value and gain unknown, with the reason', () => {
    const reason = 'No price today for BTC, ETH: load a price file in Settings → Prices';
    expect(unknownFigures(totals({ unpriced_assets: ['BTC', 'ETH'] }))).toEqual({
      value: reason,
      gain: reason,
    });
  });
  it('some priced: the value is known (partial, said elsewhere), the gain too', () => {
    expect(unknownFigures(totals({ unpriced_assets: ['BTC'] }))).toEqual({ value: null, gain: null });
  });
  it('priced but every basis unknown or unpriced: the value is known, the gain is not', () => {
    const f = unknownFigures(totals({ unpriced_assets: ['BTC'], basis_unknown_assets: ['ETH'] }));
    expect(f.value).toBeNull();
    expect(f.gain).toContain('BTC, ETH');
  });
  it('nothing held: nothing unknown ($0.00 is true)', () => {
    expect(unknownFigures(totals({ assets_count: 0 }))).toEqual({ value: null, gain: null });
  });
});
