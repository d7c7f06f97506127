import { describe, expect, it } from 'vitest';
import { formatPriceFileError, parsePriceFile } from '../src/price-csv.ts';

describe('parsePriceFile', () => {
  it('reads date,asset,price,currency with exact decimals, day and minute prices', () => {
    const result = parsePriceFile(
      'date,asset,price,currency\n2024-02-01,btc,43000.125,USD\n2024-02-01,GBP,1.2712,usd\n2024-02-02T14:05:00Z,ETH,2301.5,EUR\n',
      { name: 'prices.csv' },
    );
    expect(result).toEqual({
      ok: true,
      layout: 'lotwise',
      prices: [
        {
          asset: 'BTC',
          day: '2024-02-01',
          minute: null,
          quote: 'USD',
          price: '43000.125',
          origin: 'file:prices.csv',
        },
        {
          asset: 'GBP',
          day: '2024-02-01',
          minute: null,
          quote: 'USD',
          price: '1.2712',
          origin: 'file:prices.csv',
        },
        {
          asset: 'ETH',
          day: '2024-02-02',
          minute: '14:05',
          quote: 'EUR',
          price: '2301.5',
          origin: 'file:prices.csv',
        },
      ],
    });
  });

  it("reads CoinGecko's per-coin export with the asset named by the caller (exponents too)", () => {
    const text =
      'snapped_at,price,market_cap,total_volume\n2024-01-01 00:00:00 UTC,1.0356e-05,6100000000,120000000\n2024-01-02 00:00:00 UTC,0.00001102,6400000000,150000000\n';
    const result = parsePriceFile(text, { name: 'shib-usd-max.csv', asset: 'shib' });
    expect(result.ok && result.prices.map((p) => [p.asset, p.day, p.price, p.quote])).toEqual([
      ['SHIB', '2024-01-01', '0.000010356', 'USD'],
      ['SHIB', '2024-01-02', '0.00001102', 'USD'],
    ]);
    expect(parsePriceFile(text, { name: 'x.csv' })).toMatchObject({
      ok: false,
      errors: [{ line: 1, message: expect.stringContaining('say which asset') }],
    });
  });

  it('refuses the whole file and names every bad row and field', () => {
    const result = parsePriceFile(
      'date,asset,price,currency\n2024-02-01,BTC,43000,USD\n2024-02-30,BTC,1,USD\n2024-03-01,BTC,-5,USD\n2024-03-02,BTC,12,2300\n',
      { name: 'bad.csv' },
    );
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors.map(formatPriceFileError);
    expect(errors).toEqual([
      'line 3, date: "2024-02-30" is not a date (YYYY-MM-DD)',
      'line 4, price: "-5" is not a decimal price of 0 or more',
      'line 5, currency: "2300" is not a fiat currency code (USD, EUR, GBP, …)',
    ]);
  });

  it('says what the header must be, and refuses binary files without echoing their bytes', () => {
    const wrong = parsePriceFile('when,coin,value\n2024-01-01,BTC,1\n', { name: 'x.csv' });
    expect(wrong.ok ? '' : formatPriceFileError(wrong.errors[0]!)).toBe(
      'line 1: unknown columns "when,coin,value"; the first line must be date,asset,price,currency (or CoinGecko’s snapped_at,price,market_cap,total_volume)',
    );
    const binary = parsePriceFile(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff]), { name: 'x.zip' });
    expect(binary).toEqual({
      ok: false,
      errors: [{ line: 1, field: null, message: 'this is not a text (CSV) file' }],
    });
    expect(parsePriceFile('', { name: 'empty.csv' }).ok).toBe(false);
  });
});
