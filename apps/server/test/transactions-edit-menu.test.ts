import {
  allowedTypes,
  DEPOSIT_TYPES,
  type MenuRow,
  menuLabel,
  resetTypeFor,
  WITHDRAWAL_TYPES,
} from '@lotwise/contracts/transactions/edit/types';
import { describe, expect, it } from 'vitest';

const row = (over: Partial<MenuRow>): MenuRow => ({
  type: 'buy',
  default_type: 'deposit',
  sub_type: 'only_incoming',
  user_defined_type: null,
  ignored: false,
  fee: null,
  ...over,
});

describe('row menu rules (spec 02 §3–§5)', () => {
  it('offers the deposit list on deposits and the withdrawal list on withdrawals', () => {
    expect(allowedTypes(row({}))).toEqual(DEPOSIT_TYPES);
    const sell = row({ type: 'sell', default_type: 'withdrawal', sub_type: 'only_outgoing' });
    expect(allowedTypes(sell)).toEqual(WITHDRAWAL_TYPES);
    // Sells cannot be marked as incoming kinds.
    for (const t of ['staking_reward', 'airdrop', 'gift_received', 'mined'] as const)
      expect(allowedTypes(sell)).not.toContain(t);
  });

  it('never rebrands a fee row or a sell with a fee', () => {
    expect(allowedTypes(row({ type: 'sell', default_type: 'fee', sub_type: 'fee' }))).not.toContain('swap');
    const sellWithFee = row({ type: 'sell', default_type: 'sell', sub_type: 'only_sell', fee: '0.1' });
    expect(allowedTypes(sellWithFee)).not.toContain('swap');
    expect(allowedTypes({ ...sellWithFee, fee: '0' })).toContain('swap');
  });

  it('offers self transfer on a trade only when it is an external transfer', () => {
    const trade = row({ type: 'trade', default_type: 'trade', sub_type: 'sub_type_trade' });
    expect(allowedTypes(trade)).not.toContain('self_transfer');
    expect(allowedTypes({ ...trade, user_defined_type: 'external_transfer' })).toContain('self_transfer');
  });

  it('limits margin and NFT-mint rows to Ignore, ignored rows to Enable, transfers to their revert', () => {
    expect(allowedTypes(row({ sub_type: 'margin_trading_gain' }))).toEqual(['ignore']);
    expect(allowedTypes(row({ sub_type: 'nft_mint' }))).toEqual(['ignore']);
    expect(allowedTypes(row({ ignored: true }))).toEqual(['ignore_reset']);
    const rebrand = row({ type: 'transfer', user_defined_type: 'swap' });
    expect(allowedTypes(rebrand)).toEqual(['swap']);
    expect(menuLabel(rebrand, 'swap')).toBe('Reset Rebrand');
    expect(menuLabel(row({ type: 'transfer', user_defined_type: 'self_transfer' }), 'self_transfer')).toBe(
      'Incoming',
    );
  });

  it("offers Reset Switch Trade only for the user's own switch trades (manual_switch_trade)", () => {
    const switched = row({ type: 'transfer', user_defined_type: 'switch_trade' });
    expect(allowedTypes({ ...switched, manual_switch_trade: true })).toEqual(['switch_trade']);
    expect(menuLabel(switched, 'switch_trade')).toBe('Reset Switch Trade');
    expect(allowedTypes({ ...switched, manual_switch_trade: false })).toEqual([]);
  });

  it("labels 'Mark as X' and 'Mark as not X', and resets as §4 says", () => {
    const r = row({ user_defined_type: 'staking_reward' });
    expect(menuLabel(r, 'staking_reward')).toBe('Mark as not Staking Reward');
    expect(menuLabel(r, 'airdrop')).toBe('Mark as Airdrop');
    expect(menuLabel(r, 'external_transfer')).toBe('Mark as Incoming');
    expect(menuLabel(r, 'business_or_investment')).toBe('Mark as Buy');
    expect(menuLabel(row({ type: 'sell', default_type: 'sell' }), 'business_or_investment')).toBe(
      'Mark as Sell',
    );
    expect(resetTypeFor(r, 'staking_reward')).toBe('business_or_investment');
    expect(resetTypeFor(r, 'ignore')).toBe('ignore_reset');
    expect(resetTypeFor(r, 'self_transfer')).toBe('external_transfer');
    expect(resetTypeFor(row({ default_type: 'trade' }), 'swap')).toBe('business_or_investment');
  });
});
