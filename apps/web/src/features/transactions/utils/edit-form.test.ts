import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { describe, expect, it } from 'vitest';
import {
  changeType,
  formIssues,
  initialValues,
  sectionsOf,
  showsEquivalent,
  sideRules,
  timeOptions,
  toPayload,
} from './edit-form';

function row(over: Partial<TransactionRow>): TransactionRow {
  return {
    id: 7,
    type: 'buy',
    default_type: 'buy',
    user_defined_type: null,
    ignored: false,
    date: '2024-03-01T09:07:00Z',
    from_currency: 'USD',
    from_amount: '10000',
    from_per_token_price: null,
    to_currency: 'BTC',
    to_amount: '1',
    to_per_token_price: null,
    fee: null,
    fee_currency_code: null,
    fee_per_token_price: null,
    us_based: false,
    comment: null,
    manual_per_token_price: false,
    main_currency: 'USD',
    total: '10000',
    exchange: 'Kraken',
    source_id: 3,
    ...over,
  } as TransactionRow;
}

describe('edit dialog sections (spec 02 §4)', () => {
  it('buy: In always; Out only for Business Or Investment with a non-reporting from currency', () => {
    const usd = row({});
    expect(sectionsOf(initialValues(usd, 'revamp'), usd)).toEqual({ out: false, in: true });
    const eur = row({ from_currency: 'EUR' });
    expect(sectionsOf(initialValues(eur, 'revamp'), eur)).toEqual({ out: true, in: true });
    const gift = row({ from_currency: 'EUR', user_defined_type: 'gift_received' });
    expect(sectionsOf(initialValues(gift, 'revamp'), gift)).toEqual({ out: false, in: true });
  });

  it('sell mirrors it; trade shows both', () => {
    const sell = row({ type: 'sell', default_type: 'sell', from_currency: 'BTC', to_currency: 'USD' });
    expect(sectionsOf(initialValues(sell, 'revamp'), sell)).toEqual({ out: true, in: false });
    const sellEur = row({ type: 'sell', default_type: 'sell', from_currency: 'BTC', to_currency: 'EUR' });
    expect(sectionsOf(initialValues(sellEur, 'revamp'), sellEur)).toEqual({ out: true, in: true });
    const trade = row({ type: 'trade', default_type: 'trade', from_currency: 'ETH' });
    expect(sectionsOf(initialValues(trade, 'revamp'), trade)).toEqual({ out: true, in: true });
  });
});

describe('edit dialog enable rules', () => {
  it('fiat disables price and total; the reporting currency itself is fixed; trade to-side price is disabled', () => {
    const trade = row({ type: 'trade', default_type: 'trade', from_currency: 'ETH' });
    const v = initialValues(trade, 'revamp');
    expect(sideRules(v, trade, 'from')).toMatchObject({
      priceDisabled: false,
      totalDisabled: false,
      valued: true,
    });
    expect(sideRules(v, trade, 'to')).toMatchObject({ priceDisabled: true, valued: false });
    const eur = row({ from_currency: 'EUR' });
    const e = initialValues(eur, 'revamp');
    expect(sideRules(e, eur, 'from')).toMatchObject({
      priceDisabled: true,
      totalDisabled: true,
      currencyDisabled: false,
    });
    expect(sideRules(e, eur, 'to')).toMatchObject({ priceDisabled: false, valued: true });
    const usd = row({});
    expect(sideRules(initialValues(usd, 'revamp'), usd, 'from').currencyDisabled).toBe(true);
    expect(showsEquivalent(v)).toBe(true);
    expect(showsEquivalent(e)).toBe(false);
  });

  it('the legacy type change swaps the sides between Buy and Sell, not for Transfer', () => {
    const r = row({});
    const v = initialValues(r, 'legacy');
    const sell = changeType(v, r, 'sell');
    expect(sell).toMatchObject({ type: 'sell', from_currency: 'BTC', from_amount: '1', to_currency: 'USD' });
    expect(changeType(v, r, 'transfer')).toMatchObject({ type: 'transfer', to_currency: 'BTC' });
  });
});

describe('edit dialog validation and payload', () => {
  it('an unchanged off-step time is fine; a changed one must be on a 15-minute step', () => {
    const r = row({});
    const v = initialValues(r, 'revamp');
    expect(v.time).toBe('09:07');
    expect(formIssues(v, r)).toEqual([]);
    expect(formIssues({ ...v, time: '09:30' }, r)).toEqual([]);
    expect(formIssues({ ...v, date: '03/02/2024' }, r).map((i) => i.message)).toEqual([
      'Date must be in 15-minute steps',
    ]);
    expect(timeOptions('09:07')).toHaveLength(97);
  });

  it('collects every message in field order', () => {
    const r = row({});
    const v = {
      ...initialValues(r, 'revamp'),
      to_currency: '',
      fee: '1',
      us_based: null,
      comment: 'x'.repeat(1001),
    };
    expect(formIssues(v, r).map((i) => i.field)).toEqual([
      'to_currency',
      'fee_currency',
      'us_based',
      'comment',
    ]);
  });

  it('payload: date as MM/dd/yyyy HH:mm, type only from the legacy editor, empty fee → 0', () => {
    const r = row({});
    const v = { ...initialValues(r, 'legacy'), fee: '' };
    expect(toPayload(v, r, 'legacy')).toMatchObject({
      id: 7,
      type: 'buy',
      date: '03/01/2024 09:07',
      fee: '0',
    });
    expect(toPayload(v, r, 'revamp')).not.toHaveProperty('type');
  });
});

describe('revamped editor field links', async () => {
  const { changePriced } = await import('./edit-change');
  it('on the priced side amount/price/total follow each other and price/total mark it manual', () => {
    const sell = row({
      type: 'sell',
      default_type: 'sell',
      from_currency: 'BTC',
      from_amount: '0.5',
      to_currency: 'USD',
    });
    const v = initialValues(sell, 'revamp');
    const priced = changePriced(v, sell, 'revamp', 'from', 'price', '20000');
    expect(priced).toMatchObject({
      from_per_token_price: '20000',
      total_value: '10000',
      manual_per_token_price: true,
    });
    const more = changePriced(priced, sell, 'revamp', 'from', 'amount', '0.75');
    expect(more.total_value).toBe('15000');
    const total = changePriced(v, sell, 'revamp', 'from', 'total', '3');
    expect(total).toMatchObject({ from_per_token_price: '6', manual_per_token_price: true });
    expect(changePriced(v, sell, 'revamp', 'from', 'amount', '2').manual_per_token_price).toBe(false);
  });

  it('the legacy editor only sets the field', () => {
    const sell = row({
      type: 'sell',
      default_type: 'sell',
      from_currency: 'BTC',
      from_amount: '0.5',
      to_currency: 'USD',
    });
    const v = initialValues(sell, 'legacy');
    const next = changePriced(v, sell, 'legacy', 'from', 'price', '20000');
    expect(next).toMatchObject({
      from_per_token_price: '20000',
      total_value: v.total_value,
      manual_per_token_price: false,
    });
  });
});
