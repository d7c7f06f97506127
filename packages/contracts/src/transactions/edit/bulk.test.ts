import { describe, expect, it } from 'vitest';
import { BULK_TYPE_OPTIONS, bulkMark, bulkOptionsFor, bulkRowType } from './bulk.ts';
import { DEPOSIT_TYPES, TRADE_TYPES, WITHDRAWAL_TYPES } from './types.ts';

describe('bulk type rules (spec 02 §4)', () => {
  it('allows a type change only for all deposits, all withdrawals or all trades', () => {
    expect(bulkRowType(['buy', 'buy'])).toBe('buy');
    expect(bulkRowType(['sell'])).toBe('sell');
    expect(bulkRowType(['trade', 'trade'])).toBe('trade');
    expect(bulkRowType(['buy', 'sell'])).toBeNull();
    expect(bulkRowType(['transfer'])).toBeNull();
    expect(bulkRowType([])).toBeNull();
    expect(bulkOptionsFor(['buy', 'trade'])).toEqual([]);
  });

  it('offers 13 deposit marks, 8 withdrawal marks and the four trade marks, each one the row menu allows', () => {
    expect(BULK_TYPE_OPTIONS.buy).toHaveLength(13);
    expect(BULK_TYPE_OPTIONS.sell).toHaveLength(8);
    expect(BULK_TYPE_OPTIONS.trade.map((o) => o.label)).toEqual([
      'Trade',
      'NFT Minted',
      'Rebrand',
      'NFT Trade',
    ]);
    for (const o of BULK_TYPE_OPTIONS.buy) expect(DEPOSIT_TYPES).toContain(o.value);
    for (const o of BULK_TYPE_OPTIONS.sell) expect(WITHDRAWAL_TYPES).toContain(o.value);
    for (const o of BULK_TYPE_OPTIONS.trade) expect(TRADE_TYPES).toContain(o.value);
    // Incoming kinds are never offered for withdrawals.
    expect(BULK_TYPE_OPTIONS.sell.map((o) => o.value)).not.toContain('staking_reward');
  });

  it('reads the old client’s sub-type names as the marks they mean', () => {
    expect(bulkMark('only_buy')).toBe('business_or_investment');
    expect(bulkMark('only_outgoing')).toBe('external_transfer');
    expect(bulkMark('airdrop')).toBe('airdrop');
  });
});
