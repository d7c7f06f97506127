import { describe, expect, it } from 'vitest';
import {
  abbreviateExchangeFile,
  shortenCurrencyCode,
  shortenEmail,
  shortenFileName,
  shortenTooltipAddress,
  shortenWalletAddress,
} from './text';

describe('shortenEmail', () => {
  it('keeps local parts of 17 characters or fewer', () => {
    expect(shortenEmail('abcdefghijklmnopq@example.com')).toBe('abcdefghijklmnopq@example.com');
  });
  it('shows the first 7 characters plus an ellipsis beyond 17', () => {
    expect(shortenEmail('abcdefghijklmnopqr@example.com')).toBe('abcdefg...@example.com');
  });
});

describe('shortenFileName', () => {
  const long = 'binance_trade_history_2024_full.csv';
  it('keeps names of 20 characters or fewer before the extension', () => {
    expect(shortenFileName('abcdefghijklmnopqrst.csv')).toBe('abcdefghijklmnopqrst.csv');
  });
  it('desktop: first 10 plus last 7', () => {
    expect(shortenFileName(long)).toBe('binance_tr...24_full.csv');
  });
  it('mobile: first 5 plus last 4', () => {
    expect(shortenFileName(long, true)).toBe('binan...full.csv');
  });
  it('abbreviates exchange file names to first 5 and last 4', () => {
    expect(abbreviateExchangeFile('coinbase_export_2024.csv')).toBe('coinb....csv');
    expect(abbreviateExchangeFile('short.csv')).toBe('short.csv');
  });
});

describe('addresses', () => {
  it('shows chain name plus first 5 and last 4', () => {
    expect(shortenWalletAddress('eth:0x1234567890abcdef1234')).toBe('Ethereum 0x123...1234');
    expect(shortenWalletAddress('zzz:abcdefghijk')).toBe('ZZZ abcde...hijk');
  });
  it('shortens tooltip titles to 7 characters', () => {
    expect(shortenTooltipAddress('bc1qxyz0123456')).toBe('bc1qxyz...');
    expect(shortenTooltipAddress('bc1q')).toBe('bc1q');
  });
});

describe('shortenCurrencyCode', () => {
  it('shortens codes of 15 or more to first 10, ..., last 3', () => {
    expect(shortenCurrencyCode('ABCDEFGHIJKLMNO')).toBe('ABCDEFGHIJ...MNO');
    expect(shortenCurrencyCode('ABCDEFGHIJKLMN')).toBe('ABCDEFGHIJKLMN');
    expect(shortenCurrencyCode('BTC')).toBe('BTC');
  });
});
