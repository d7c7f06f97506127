import { describe, expect, it } from 'vitest';
import { formatDay, gainColor, priceNote, signOf, withPlus } from './display';

describe('holdings display helpers', () => {
  it('notes where a price comes from, in UTC', () => {
    expect(priceNote(null)).toBeNull();
    expect(
      priceNote({ kind: 'latest_transaction', date: '2024-05-01T23:30:00.000Z', transaction_id: 3 }),
    ).toBe('price from your latest transaction on May 1, 2024');
    expect(priceNote({ kind: 'price_table', date: '2024-06-02', origin: 'CoinGecko' })).toBe(
      'price from CoinGecko on Jun 2, 2024',
    );
    expect(formatDay('not a date')).toBe('not a date');
  });

  it('reads the sign of decimal strings exactly', () => {
    expect(signOf('0.00000000000000000001')).toBe(1);
    expect(signOf('-0.000')).toBe(0);
    expect(signOf('-12.5')).toBe(-1);
    expect(signOf(null)).toBe(0);
    expect(gainColor('5')).toBe('teal.7');
    expect(gainColor('-5')).toBe('red.7');
    expect(gainColor('0')).toBeUndefined();
    expect(withPlus('$5.00', '5')).toBe('+$5.00');
    expect(withPlus('-$5.00', '-5')).toBe('-$5.00');
  });
});
