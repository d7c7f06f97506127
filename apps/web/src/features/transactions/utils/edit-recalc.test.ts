import { Decimal } from '@lotwise/contracts/transactions/edit/decimal';
import { describe, expect, it } from 'vitest';
import { marksManual, recalc, round8, times, unitPrice } from './edit-recalc';

describe('revamped editor maths (exact decimals, 8 places)', () => {
  it('amount or price edited: total = amount × price, exactly', () => {
    expect(recalc({ amount: '0.1', price: '0.2', total: '' }, 'price').total).toBe('0.02');
    expect(recalc({ amount: '3', price: '0.1', total: '9' }, 'amount').total).toBe('0.3');
    expect(recalc({ amount: '1.123456789', price: '1', total: '' }, 'amount').total).toBe('1.12345679');
  });

  it('total edited: price = total ÷ amount, rounded to 8 places', () => {
    expect(recalc({ amount: '3', price: '', total: '10' }, 'total').price).toBe('3.33333333');
    expect(recalc({ amount: '0.5', price: '1', total: '10000' }, 'total').price).toBe('20000');
  });

  it('leaves the others alone while input is incomplete or the amount is 0', () => {
    const v = { amount: '0', price: '5', total: '7' };
    expect(recalc(v, 'total')).toEqual(v);
    const w = { amount: '1.', price: 'abc', total: '7' };
    expect(recalc(w, 'amount')).toEqual(w);
    expect(recalc({ amount: '-1', price: '2', total: '' }, 'price').total).toBe('');
  });

  it('price and total mark the price manual; amount does not', () => {
    expect(marksManual('price')).toBe(true);
    expect(marksManual('total')).toBe(true);
    expect(marksManual('amount')).toBe(false);
  });

  it('helpers round half up and trim zeros', () => {
    expect(round8(new Decimal('2.000000005'))).toBe('2.00000001');
    expect(round8(new Decimal('1.50000000'))).toBe('1.5');
    expect(unitPrice('100', '3')).toBe('33.33333333');
    expect(unitPrice('100', '0')).toBe('');
    expect(times('0.3', '3')).toBe('0.9');
  });
});
