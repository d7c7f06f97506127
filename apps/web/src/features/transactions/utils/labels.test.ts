import { describe, expect, it } from 'vitest';
import { rowTypeLabel, subTypeLabel } from './labels';

const leg = {
  from_currency: null as string | null,
  from_currency_crypto: false,
  to_currency: null as string | null,
  to_currency_crypto: false,
};

describe('transaction labels (issue 35.12)', () => {
  it('says sub types as people do', () => {
    expect(subTypeLabel('sub_type_trade')).toBe('Trade');
    expect(subTypeLabel('only_sell')).toBe('Sell');
    expect(subTypeLabel('only_buy')).toBe('Buy');
    expect(subTypeLabel('staking_reward')).toBe('Staking reward');
    expect(subTypeLabel('some_new_kind')).toBe('Some new kind');
  });

  it('calls a fiat→crypto trade a Buy and a crypto→fiat one a Sell, not Deposit/Withdrawal', () => {
    const gbpToEth = {
      ...leg,
      type: 'buy',
      default_type: 'trade',
      from_currency: 'GBP',
      to_currency: 'ETH',
      to_currency_crypto: true,
    };
    expect(rowTypeLabel(gbpToEth)).toBe('Buy');
    const ethToGbp = {
      ...leg,
      type: 'sell',
      default_type: 'trade',
      from_currency: 'ETH',
      from_currency_crypto: true,
      to_currency: 'GBP',
    };
    expect(rowTypeLabel(ethToGbp)).toBe('Sell');
    expect(rowTypeLabel({ ...leg, type: 'buy', default_type: 'buy' })).toBe('Buy');
    expect(rowTypeLabel({ ...leg, type: 'sell', default_type: 'sell' })).toBe('Sell');
  });

  it('keeps Deposit and Withdrawal for crypto moving in or out', () => {
    const deposit = {
      ...leg,
      type: 'buy',
      default_type: 'deposit',
      to_currency: 'BTC',
      to_currency_crypto: true,
    };
    expect(rowTypeLabel(deposit)).toBe('Deposit');
    const withdrawal = {
      ...leg,
      type: 'sell',
      default_type: 'withdrawal',
      from_currency: 'BTC',
      from_currency_crypto: true,
    };
    expect(rowTypeLabel(withdrawal)).toBe('Withdrawal');
  });
});
