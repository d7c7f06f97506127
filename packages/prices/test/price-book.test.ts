import { describe, expect, it } from 'vitest';
import { parsePegs } from '../src/pegs.ts';
import { PriceBook } from '../src/price-book.ts';

const ecb = (book: PriceBook, day: string, rates: Record<string, string>) => {
  for (const [quote, price] of Object.entries(rates))
    book.add({ asset: 'EUR', quote, day, price, origin: 'ecb' }, 'cache');
};

describe('PriceBook', () => {
  it('prices a crypto in USD directly and in GBP through the ECB cross rate, exactly', () => {
    const book = new PriceBook();
    book.add(
      { asset: 'BTC', quote: 'USD', day: '2024-02-01', price: '43000', origin: 'coingecko' },
      'provider',
    );
    ecb(book, '2024-02-01', { USD: '1.0837', GBP: '0.8531' });
    expect(book.answer('BTC', 'USD', '2024-02-01')).toMatchObject({
      price: '43000',
      source: 'provider',
      origin: 'coingecko',
      precision: 'day',
    });
    // 1 USD = 0.8531 / 1.0837 GBP (40 digits); × 43000 = 33850.0507520531512411181…, kept to 18 places.
    const gbp = book.answer('BTC', 'GBP', '2024-02-01');
    expect(gbp?.price).toBe('33850.050752053151241118');
    expect(gbp?.via).toEqual(['USD→GBP 0.78721048 (European Central Bank, 2024-02-01)']);
  });

  it('converts fiat through a direct rate, its inverse or the euro, looking back over a weekend', () => {
    const book = new PriceBook();
    ecb(book, '2024-02-02', { USD: '1.0866', GBP: '0.8536' }); // Friday
    // Sunday takes Friday's rate: 1 GBP = 1.0866 / 0.8536 USD.
    expect(book.answer('GBP', 'USD', '2024-02-04')).toMatchObject({
      price: '1.272961574507966261',
      day: '2024-02-02',
      origin: 'ecb',
    });
    expect(book.answer('EUR', 'USD', '2024-02-03')?.price).toBe('1.0866');
    expect(book.answer('USD', 'EUR', '2024-02-02')?.price).toBe('0.9203018590097552');
    // Eight days later there is no rate any more: missing, not zero.
    expect(book.answer('GBP', 'USD', '2024-02-10')).toBeNull();
  });

  it('uses the peg only when the table has nothing, and says so', () => {
    const book = new PriceBook(parsePegs());
    ecb(book, '2024-02-01', { USD: '1.0837', GBP: '0.8531' });
    expect(book.answer('USDC', 'USD', '2024-02-01')).toMatchObject({
      price: '1',
      source: 'peg',
      origin: 'USD peg',
    });
    expect(book.answer('USDT', 'GBP', '2024-02-01')).toMatchObject({
      price: '0.787210482605887238',
      source: 'peg',
    });
    book.add(
      { asset: 'USDC', quote: 'USD', day: '2024-02-01', price: '0.9997', origin: 'coingecko' },
      'provider',
    );
    expect(book.answer('USDC', 'USD', '2024-02-01')).toMatchObject({ price: '0.9997', source: 'provider' });
    expect(new PriceBook(parsePegs('none')).answer('USDC', 'USD', '2024-02-01')).toBeNull();
  });

  it("keeps the user's own price over the shared table, and a minute's price over the day's", () => {
    const book = new PriceBook();
    book.add({ asset: 'ETH', quote: 'USD', day: '2024-02-01', price: '2300', origin: 'coingecko' }, 'cache');
    book.add(
      { asset: 'ETH', quote: 'USD', day: '2024-02-01', price: '2250', origin: 'user:mine.csv' },
      'manual',
    );
    book.add(
      { asset: 'ETH', quote: 'USD', day: '2024-02-01', price: '2400', origin: 'coingecko' },
      'provider',
    );
    expect(book.answer('ETH', 'USD', '2024-02-01')).toMatchObject({ price: '2250', source: 'manual' });
    book.add(
      {
        asset: 'ETH',
        quote: 'USD',
        day: '2024-02-01',
        minute: '14:05',
        price: '2281.5',
        origin: 'file:m.csv',
      },
      'cache',
    );
    expect(book.answer('ETH', 'USD', '2024-02-01', '14:05')).toMatchObject({
      price: '2281.5',
      precision: 'minute',
    });
    expect(book.answer('ETH', 'USD', '2024-02-01', '14:06')).toMatchObject({
      price: '2250',
      precision: 'day',
    });
  });
});
