import { describe, expect, it } from 'vitest';
import { Catalogue, DEFAULT_CATALOGUE } from '../src/modules/billing/catalogue.ts';

describe('the plan catalogue (BILLING_PLANS_FILE)', () => {
  const catalogue = Catalogue.parse({
    currency: 'eur',
    free_transaction_limit: 50,
    first_tax_year: 2022,
    plans: [
      { id: 'basic', name: 'Basic', price: '19.9', transaction_limit: 500 },
      { id: 'plus', name: 'Plus', price: '49', transaction_limit: 5000 },
    ],
    years: { '2022': [{ id: 'basic', name: 'Basic', price: '9.99', transaction_limit: 500 }] },
  });

  it('prices in two decimals of its currency, per year, cheapest first', () => {
    expect(catalogue.plans(2024).map((p) => `${p.id} ${p.price} ${p.currency}`)).toEqual([
      'basic 19.90 eur',
      'plus 49.00 eur',
    ]);
    expect(catalogue.plans(2022).map((p) => `${p.id} ${p.price}`)).toEqual(['basic 9.99']);
    expect(catalogue.rank(2024, 'plus')).toBeGreaterThan(catalogue.rank(2024, 'basic'));
    expect(catalogue.rank(2022, 'plus')).toBe(-1);
    expect(catalogue.taxYears(2025)).toEqual([2025, 2024, 2023, 2022]);
    expect(Catalogue.minorUnits('19.90')).toBe(1990);
    expect(Catalogue.minorUnits('0.29')).toBe(29);
  });

  it('finds the smallest plan that holds a count, and none past the largest limit', () => {
    expect(catalogue.fitting(2024, 0)?.id).toBe('basic');
    expect(catalogue.fitting(2024, 501)?.id).toBe('plus');
    // 'Too many transactions - please contact customer support for assistance.'
    expect(catalogue.fitting(2024, 5001)).toBeUndefined();
    expect(Catalogue.parse(DEFAULT_CATALOGUE).fitting(2024, 10_000_000)?.id).toBe('pro');
  });

  it('refuses a bad file naming the field and the problem', () => {
    expect(() =>
      Catalogue.parse({
        currency: 'usd',
        free_transaction_limit: 5,
        first_tax_year: 2020,
        plans: [{ id: 'x', name: 'X', price: '4.999', transaction_limit: 1 }],
      }),
    ).toThrow(/plans\.0\.price: a price is decimal text with at most two decimals/);
    expect(() => Catalogue.load('/nonexistent/plans.json')).toThrow(
      /^BILLING_PLANS_FILE \/nonexistent\/plans.json cannot be read/,
    );
  });
});
