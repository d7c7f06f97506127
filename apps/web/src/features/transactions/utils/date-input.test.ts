import { describe, expect, it } from 'vitest';
import { formatDateDigits, monthHeading, parseDateDigits, utcParts } from './date-input';
import { nextSort } from './list-state';

describe('date entry', () => {
  it('keeps digits only and formats MM/dd/yyyy', () => {
    expect(formatDateDigits('01a2')).toBe('01/2');
    expect(formatDateDigits('0315202499')).toBe('03/15/2024');
  });
  it('parses once 8 digits are in and ignores invalid dates', () => {
    expect(parseDateDigits('03/15/202')).toBeNull();
    expect(parseDateDigits('03/15/2024')).toBe('2024-03-15');
    expect(parseDateDigits('02/30/2024')).toBeNull();
  });
  it('shows dates in UTC', () => {
    expect(utcParts('2024-03-15T23:05:00.000Z')).toEqual({ date: '03/15/2024', time: '23:05' });
    expect(monthHeading('2024-03-31T23:59:00.000Z')).toBe('Mar 2024');
  });
});

describe('sort toggling', () => {
  it('flips a descending column, starts others descending', () => {
    expect(nextSort({ attribute: 'transaction_at', order: 'desc' }, 'transaction_at').order).toBe('asc');
    expect(nextSort({ attribute: 'transaction_at', order: 'asc' }, 'transaction_at').order).toBe('desc');
    expect(nextSort({ attribute: 'transaction_at', order: 'asc' }, 'to_currency_quantity')).toEqual({
      attribute: 'to_currency_quantity',
      order: 'desc',
    });
  });
});
