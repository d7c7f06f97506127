import { describe, expect, it } from 'vitest';
import { parseWalletLines, walletsToImportText } from './parse-wallet-lines';

describe('parseWalletLines', () => {
  it('reads chain,address and chain,address,name lines', () => {
    const result = parseWalletLines('eth,0xabc,My wallet\nBTC,bc1qxyz');
    expect(result.errors).toEqual([]);
    expect(result.wallets).toEqual([
      { coin: 'eth', address: '0xabc', name: 'My wallet' },
      { coin: 'btc', address: 'bc1qxyz' },
    ]);
  });

  it('accepts the colon form and spaces around the parts', () => {
    const result = parseWalletLines('  eth : 0xabc  \n matic , 0xdef ,  Cold one ');
    expect(result.errors).toEqual([]);
    expect(result.wallets).toEqual([
      { coin: 'eth', address: '0xabc' },
      { coin: 'matic', address: '0xdef', name: 'Cold one' },
    ]);
  });

  it('keeps a colon inside the address and commas inside the name', () => {
    const result = parseWalletLines('bch:bitcoincash:qq123\neth,0xabc,Savings, old');
    expect(result.wallets).toEqual([
      { coin: 'bch', address: 'bitcoincash:qq123' },
      { coin: 'eth', address: '0xabc', name: 'Savings, old' },
    ]);
  });

  it('skips blank lines but counts them in line numbers', () => {
    const result = parseWalletLines('\neth,0xabc\n   \n\r\nbtc,bc1q\n');
    expect(result.wallets).toHaveLength(2);
    expect(result.errors).toEqual([]);
    expect(parseWalletLines('').wallets).toEqual([]);
  });

  it('names each line without a chain or an address', () => {
    const result = parseWalletLines('eth,0xabc\n0x123\neth,\n,0xdef\neth:  ,name');
    expect(result.wallets).toEqual([{ coin: 'eth', address: '0xabc' }]);
    expect(result.errors).toEqual([
      'Line 2: write it as chain,address[,name]',
      'Line 3: write it as chain,address[,name]',
      'Line 4: write it as chain,address[,name]',
      'Line 5: write it as chain,address[,name]',
    ]);
  });

  it('takes at most 50 wallets', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `eth,0x${i}`).join('\n');
    expect(parseWalletLines(lines(50)).errors).toEqual([]);
    const over = parseWalletLines(lines(51));
    expect(over.wallets).toHaveLength(51);
    expect(over.errors).toEqual(['At most 50 wallets at once; you entered 51.']);
  });
});

describe('walletsToImportText', () => {
  it('counts wallets', () => {
    expect(walletsToImportText(1)).toBe('1 wallet to import');
    expect(walletsToImportText(3)).toBe('3 wallets to import');
  });
});
