import type { Plan } from '@lotwise/contracts/billing/billing';
import { describe, expect, it } from 'vitest';
import { formatPlanLimit, formatPlanPrice, formatTransactionCount, recommendedPlan } from './plans';
import { readPricingParams } from './pricing-params';

const plan = (id: string, limit: number | null, price = '10.00'): Plan => ({
  id,
  name: id,
  price,
  currency: 'USD',
  transaction_limit: limit,
  features: [],
});

const plans = [plan('unlimited', null, '499.00'), plan('pro', 5000, '99.00'), plan('basic', 100, '49.00')];

describe('recommendedPlan', () => {
  it('picks the smallest plan whose limit holds the count', () => {
    expect(recommendedPlan(plans, 0)?.id).toBe('basic');
    expect(recommendedPlan(plans, 100)?.id).toBe('basic');
    expect(recommendedPlan(plans, 101)?.id).toBe('pro');
    expect(recommendedPlan(plans, 5000)?.id).toBe('pro');
  });
  it('falls back to an unlimited plan, or none', () => {
    expect(recommendedPlan(plans, 5001)?.id).toBe('unlimited');
    expect(recommendedPlan(plans.slice(1, 3), 5001)).toBeNull();
    expect(recommendedPlan([], 1)).toBeNull();
  });
  it('prefers the cheaper of two plans with the same limit', () => {
    expect(recommendedPlan([plan('b', 100, '20.00'), plan('a', 100, '15.00')], 50)?.id).toBe('a');
  });
  it('does not reorder the list it is given', () => {
    const copy = [...plans];
    recommendedPlan(copy, 10);
    expect(copy.map((p) => p.id)).toEqual(['unlimited', 'pro', 'basic']);
  });
});

describe('formatting', () => {
  it('shows prices with their currency', () => {
    expect(formatPlanPrice({ price: '49.00', currency: 'USD' })).toBe('$49.00');
    expect(formatPlanPrice({ price: '1299', currency: 'EUR' })).toBe('€1,299.00');
    expect(formatPlanPrice({ price: '49.5', currency: 'CAD' })).toBe('$49.50 CAD');
    expect(formatPlanPrice({ price: '49.00', currency: 'chf' })).toBe('49.00 CHF');
    expect(formatPlanPrice({ price: '0.00', currency: 'USD' })).toBe('Free');
  });
  it('shows limits and counts', () => {
    expect(formatPlanLimit(null)).toBe('Unlimited transactions');
    expect(formatPlanLimit(1000)).toBe('Up to 1,000 transactions');
    expect(formatPlanLimit(1)).toBe('Up to 1 transaction');
    expect(formatTransactionCount(1)).toBe('1 transaction');
    expect(formatTransactionCount(12345)).toBe('12,345 transactions');
  });
});

describe('readPricingParams', () => {
  it('reads callUrl, taxYear and planId', () => {
    expect(readPricingParams(new URLSearchParams('callUrl=settings&taxYear=2024&planId=pro'))).toEqual({
      callUrl: 'settings',
      taxYear: 2024,
      planId: 'pro',
    });
    expect(readPricingParams(new URLSearchParams('taxYear=abc'))).toEqual({
      callUrl: null,
      taxYear: null,
      planId: null,
    });
  });
});
