import { describe, expect, it } from 'vitest';
import { groupText } from './warnings-list';

describe('the one-year page counts a missing price one way (issue 35.3)', () => {
  it("a missing-price group names its values and the transactions they are on (the INCOMPLETE badge's count)", () => {
    expect(groupText({ code: 'missing_price', label: 'Missing price', count: 10, transactions: 6 })).toBe(
      'Missing price: 10 values in 6 transactions',
    );
    // One warning a transaction (issue 35.1: a fee joins its row's warning): the transactions.
    expect(groupText({ code: 'missing_price', label: 'Missing price', count: 1, transactions: 1 })).toBe(
      'Missing price: 1 transaction',
    );
    expect(groupText({ code: 'missing_price', label: 'Missing price', count: 6, transactions: 6 })).toBe(
      'Missing price: 6 transactions',
    );
  });

  it('other groups keep their label', () => {
    expect(
      groupText({ code: 'sell_without_buy', label: 'Insufficient balance', count: 3, transactions: null }),
    ).toBe('Insufficient balance');
  });
});
