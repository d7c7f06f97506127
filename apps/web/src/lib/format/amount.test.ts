import { describe, expect, it } from 'vitest';
import { currencySuffix, formatAmount, formatCrypto, formatFiat, formatMoney } from './amount';
import { parseDecimal } from './decimal-string';

describe('formatCrypto', () => {
  it('shows at most 8 decimals without trailing zeros', () => {
    expect(formatCrypto('0.123456789')).toBe('0.12345679');
    expect(formatCrypto('1.50000000')).toBe('1.5');
    expect(formatCrypto('2')).toBe('2');
    expect(formatCrypto('2.000000001')).toBe('2');
  });
  it('keeps precision beyond float range', () => {
    expect(formatCrypto('12345678901234567890.12345678')).toBe('12,345,678,901,234,567,890.12345678');
    expect(formatCrypto('0.1')).toBe('0.1');
  });
  it('rounds half away from zero and carries', () => {
    expect(formatCrypto('0.999999995')).toBe('1');
    expect(formatCrypto('-0.000000005')).toBe('-0.00000001');
    expect(formatCrypto('-0.000000004')).toBe('0');
  });
  it('reads exponent notation and bad input', () => {
    expect(formatCrypto('1e-9')).toBe('0');
    expect(formatCrypto('1.5e-7')).toBe('0.00000015');
    expect(formatCrypto('2.5E3')).toBe('2,500');
    expect(formatCrypto('abc')).toBe('—');
    expect(formatCrypto(null)).toBe('—');
  });
});

describe('formatFiat', () => {
  it('shows 2 decimals with thousands separators', () => {
    expect(formatFiat('1234567.891')).toBe('1,234,567.89');
    expect(formatFiat('0')).toBe('0.00');
    expect(formatFiat('-1000.005')).toBe('-1,000.01');
    expect(formatFiat('999.995')).toBe('1,000.00');
    expect(formatFiat('.5')).toBe('0.50');
  });
  it('does not suffer float error', () => {
    expect(formatFiat('1.005')).toBe('1.01');
    expect(formatFiat('0.285')).toBe('0.29');
  });
});

describe('currency suffix', () => {
  it('shows only for AUD and CAD', () => {
    expect(currencySuffix('AUD')).toBe(' AUD');
    expect(currencySuffix('cad')).toBe(' CAD');
    expect(currencySuffix('USD')).toBe('');
    expect(currencySuffix('EUR')).toBe('');
  });
  it('formats money with symbol and suffix', () => {
    expect(formatMoney('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatMoney('1234.5', 'AUD')).toBe('$1,234.50 AUD');
    expect(formatMoney('-3', 'CAD')).toBe('-$3.00 CAD');
    expect(formatMoney('10', 'CHF')).toBe('10.00 CHF');
  });
});

describe('formatAmount', () => {
  it('shows fiat to 2 decimals and crypto to at most 8 (issue 22: 6,131.599771 EUR)', () => {
    expect(formatAmount('6131.599771', 'EUR')).toBe('6,131.60');
    expect(formatAmount('6131.599771', 'eur')).toBe('6,131.60');
    expect(formatAmount('0.015000001', 'BTC')).toBe('0.015');
    expect(formatAmount('1.123456789', 'ETH')).toBe('1.12345679');
  });
});

describe('parseDecimal', () => {
  it('splits sign, integer and fraction', () => {
    expect(parseDecimal('-0012.340')).toEqual({ negative: true, int: '12', frac: '340' });
    expect(parseDecimal('-0')).toEqual({ negative: false, int: '0', frac: '' });
    expect(parseDecimal('')).toBeNull();
  });
});
