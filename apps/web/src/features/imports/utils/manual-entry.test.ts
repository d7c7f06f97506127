import { describe, expect, it } from 'vitest';
import { buildManualEntry, EMPTY_DRAFT, kindSides } from './manual-entry';

describe('manual entry draft', () => {
  it('knows the sides of each kind', () => {
    expect(kindSides('trade')).toEqual({ sent: true, received: true });
    expect(kindSides('buy')).toEqual({ sent: false, received: true });
    expect(kindSides('withdrawal')).toEqual({ sent: true, received: false });
  });

  it('asks for the date and the received side of a buy', () => {
    const result = buildManualEntry({ ...EMPTY_DRAFT, type: 'buy' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.date).toBe('Date is required');
    expect(result.errors.to_currency).toBe('Received currency is required for a buy');
    expect(result.errors.to_amount).toBe('Received amount is required for a buy');
  });

  it('builds a body with only the sides the kind has', () => {
    const result = buildManualEntry({
      ...EMPTY_DRAFT,
      date: '2024-03-01T10:00',
      type: 'buy',
      from_currency: 'USD',
      from_amount: '100',
      to_currency: 'btc',
      to_amount: '0.002',
      fiat_value: '100',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body.to_currency).toBe('BTC');
    expect(result.body.from_currency).toBeUndefined();
    expect(result.body.fiat_currency).toBe('USD');
    expect(result.body.date).toMatch(/Z$/);
  });

  it('rejects amounts that are not numbers', () => {
    const result = buildManualEntry({
      ...EMPTY_DRAFT,
      date: '2024-03-01T10:00',
      type: 'deposit',
      to_currency: 'ETH',
      to_amount: 'lots',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.to_amount).toBe('Received amount must be a number of 0 or more, like 0.25');
  });

  it('refuses a number typed as the currency (issue 22: 2300)', () => {
    const result = buildManualEntry({
      ...EMPTY_DRAFT,
      date: '2024-03-01T10:00',
      type: 'deposit',
      to_currency: '2300',
      to_amount: '1',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.to_currency).toBe(
      'Received currency must be a currency code such as BTC or USD, not a number',
    );
    const coin = buildManualEntry({
      ...EMPTY_DRAFT,
      date: '2024-03-01T10:00',
      type: 'deposit',
      to_currency: '1inch',
      to_amount: '1',
    });
    expect(coin.ok).toBe(true);
  });
});
