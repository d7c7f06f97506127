import { describe, expect, it } from 'vitest';
import { groupText } from './warnings-list';

describe('the one-year page counts a missing price one way (issue 35.3)', () => {
  it("a missing-price group names its values and the transactions they are on (the INCOMPLETE badge's count)", () => {
    expect(groupText({ code: 'missing_price', label: 'Missing price', count: 10, transactions: 6 })).toBe(
      'Missing price: 10 values in 6 transactions',
    );
    expect(groupText({ code: 'missing_price', label: 'Missing price', count: 1, transactions: 1 })).toBe(
      'Missing price: 1 value in 1 transaction',
    );
  });

  it('other groups keep their label', () => {
    expect(
      groupText({ code: 'sell_without_buy', label: 'Insufficient balance', count: 3, transactions: null }),
    ).toBe('Insufficient balance');
  });
});
