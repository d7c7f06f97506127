import { describe, expect, it } from 'vitest';
import { yearLines } from './gains-chart';

const summary = (
  year: number,
  short: string,
  long: string,
  unknown: Array<'proceeds' | 'cost_basis' | 'short_term_gain' | 'long_term_gain' | 'income'> = [],
) => ({
  year,
  proceeds: '0',
  cost_basis: '0',
  short_term_gain: short,
  long_term_gain: long,
  income: '0',
  disposal_count: 1,
  income_count: 0,
  missing_prices: year === 2023 ? 2 : 0,
  unknown_figures: unknown,
});

describe('yearLines', () => {
  it('joins realised gains per tax year with unrealised gains per acquisition year, oldest first', () => {
    const lines = yearLines([summary(2024, '500', '2995'), summary(2023, '0', '0')], {
      total_cost_basis: '0',
      total_market_value: '0',
      unrealised_gain: '0',
      priced_cost_basis: '0',
      assets_count: 2,
      unpriced_assets: [],
      basis_unknown_assets: [],
      allocation: [],
      unrealised_by_year: [
        { year: 2022, cost_basis: '1', market_value: '2', unrealised_gain: '1' },
        { year: 2024, cost_basis: '1', market_value: '0.5', unrealised_gain: '-0.5' },
      ],
    });
    expect(lines).toEqual([
      { year: 2022, shortTerm: null, longTerm: null, unrealised: '1', missing: 0, unknown: [] },
      { year: 2023, shortTerm: '0', longTerm: '0', unrealised: null, missing: 2, unknown: [] },
      { year: 2024, shortTerm: '500', longTerm: '2995', unrealised: '-0.5', missing: 0, unknown: [] },
    ]);
  });

  it('marks a realised gain that rests on a missing price as unknown, not its stored 0.00 (issue 35.1)', () => {
    const lines = yearLines([summary(2023, '0', '0', ['long_term_gain', 'proceeds', 'income'])], undefined);
    expect(lines).toEqual([
      { year: 2023, shortTerm: '0', longTerm: '0', unrealised: null, missing: 2, unknown: ['longTerm'] },
    ]);
  });
});
