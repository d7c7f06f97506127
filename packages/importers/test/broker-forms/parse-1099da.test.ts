import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse1099Da } from '../../src/broker-forms/parse-1099da.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../../fixtures/1099-da/${name}`, import.meta.url)));
const csv = (text: string) => new TextEncoder().encode(text);

/** The three lines every fixture holds, box by box (the layouts differ only where noted). */
const BTC = {
  asset: 'BTC',
  asset_code: '4H95J0R2X',
  asset_name: 'Bitcoin',
  units: '0.5',
  date_acquired: '2025-03-01',
  date_sold: '2025-06-02',
  proceeds: '30000',
  cost_basis: '20000',
  accrued_market_discount: null,
  wash_sale_loss_disallowed: null,
  basis_reported: false,
  proceeds_type: 'gross',
  federal_tax_withheld: '0',
  loss_not_allowed: false,
  term: 'short',
  cash_only: true,
  customer_provided: false,
  noncovered: false,
  aggregate: null,
};
const ETH = {
  asset: 'ETH',
  asset_code: 'X9J9K872S',
  asset_name: 'Ethereum',
  units: '2',
  date_acquired: 'VARIOUS',
  date_sold: '2025-07-15',
  proceeds: '6400.5',
  cost_basis: null,
  accrued_market_discount: null,
  wash_sale_loss_disallowed: null,
  basis_reported: false,
  proceeds_type: 'gross',
  federal_tax_withheld: '24',
  loss_not_allowed: false,
  term: 'long',
  cash_only: true,
  customer_provided: false,
  noncovered: true,
  aggregate: null,
};
const USDC = {
  asset: 'USDC',
  asset_code: '999999999',
  asset_name: 'USD Coin',
  units: null,
  date_acquired: null,
  date_sold: '2025-12-31',
  proceeds: '1500',
  cost_basis: null,
  basis_reported: false,
  proceeds_type: 'net',
  federal_tax_withheld: null,
  term: 'short',
  noncovered: false,
  aggregate: 'stablecoin',
};

describe('1099-DA CSV layouts', () => {
  it('TaxBit Form Data template: the three lines, box by box', () => {
    const result = parse1099Da(fixture('taxbit-form-data.csv'), { taxYear: 2025 });
    expect(result.errors).toEqual([]);
    expect(result.layout).toBe('taxbit-1099da');
    expect(result.lines.map((l) => l.line)).toEqual([2, 3, 4]);
    expect(result.lines[0]).toMatchObject({ ...BTC, form_8949_box: null });
    expect(result.lines[1]).toMatchObject({ ...ETH, form_8949_box: null });
    expect(result.lines[2]).toMatchObject({ ...USDC, aggregate_transactions: null });
  });

  it('FDX DigitalAssetDetail fields: the same lines, with the 8949 checkbox and the 11c count', () => {
    const result = parse1099Da(fixture('fdx-digital-asset.csv'), { taxYear: 2025 });
    expect(result.errors).toEqual([]);
    expect(result.layout).toBe('fdx-1099da');
    expect(result.lines[0]).toMatchObject({ ...BTC, form_8949_box: 'H' });
    expect(result.lines[1]).toMatchObject({ ...ETH, form_8949_box: 'K' });
    expect(result.lines[2]).toMatchObject({ ...USDC, form_8949_box: 'H', aggregate_transactions: 12 });
  });

  it('IRS box numbers: the same lines, the form’s literals (Cash, X, QS) read as checked', () => {
    const result = parse1099Da(fixture('irs-boxes.csv'), { taxYear: 2025 });
    expect(result.errors).toEqual([]);
    expect(result.layout).toBe('1099da-boxes');
    // This broker prints the ticker in box 1a (no DTIF code): it is the asset matched on.
    expect(result.lines[0]).toMatchObject({ ...BTC, asset_code: 'BTC', form_8949_box: 'H' });
    expect(result.lines[1]).toMatchObject({ ...ETH, asset_code: 'ETH', form_8949_box: 'K' });
    expect(result.lines[2]).toMatchObject({ ...USDC, asset_code: 'USDC', aggregate_transactions: 12 });
  });

  it('box 2 comes from its column, or from a G/J checkbox when the layout has none', () => {
    const withColumn = parse1099Da(
      csv('1a,1c,1e,1f,1g,2\nBTC,1,2026-02-01,100,80,X\nETH,1,2026-02-01,100,80,\n'),
    );
    expect(withColumn.lines.map((l) => l.basis_reported)).toEqual([true, false]);
    const fromCheckbox = parse1099Da(
      csv(
        'asset_symbol,asset_quantity,disposed_date,proceeds,cost_basis,form_8949_checkbox\nBTC,1,2026-02-01,100,80,G\nBTC,1,2026-02-01,100,80,H\n',
      ),
    );
    expect(fromCheckbox.lines.map((l) => l.basis_reported)).toEqual([true, false]);
  });

  it('bad rows: every problem with its line and column, and nothing imported', () => {
    const text = [
      'Box 1a,Box 1c,Box 1d,Box 1e,Box 1f,Box 1g,Box 6,Box 9',
      'BTC,0.5,2025-01-01,2025-06-02,100,50,S,',
      'ETH,1,2025-01-01,2025-02-30,100,,S,',
      'ETH,1,,2025-03-01,-5,,S,',
      ',1,,2025-03-01,5,,S,',
      'SOL,1,,2025-03-01,5,,Medium,maybe',
      'SOL,,,2025-03-01,5,,S,',
      'SOL,2,,2024-12-31,5,,S,',
      'BTC,1e3,,2025-03-01,1.5E+2,,S,',
    ].join('\n');
    const result = parse1099Da(csv(text), { taxYear: 2025 });
    expect(result.lines).toEqual([]);
    expect(result.errors).toEqual([
      { line: 3, column: 'Box 1e', message: '"2025-02-30" is not a calendar day' },
      { line: 4, column: 'Box 1f', message: '"-5" is negative; a 1099-DA amount is never below 0' },
      { line: 5, column: 'Box 1a', message: 'the digital asset is missing (no symbol, box 1a or 1b)' },
      { line: 6, column: 'Box 9', message: '"maybe" is not a checkbox value (TRUE/FALSE, Yes/No, X)' },
      { line: 6, column: 'Box 6', message: '"Medium" is not Short-term, Long-term or Ordinary' },
      { line: 7, column: 'Box 1c', message: 'the number of units (box 1c) is missing' },
      { line: 8, column: 'Box 1e', message: 'sold 2024-12-31, not in tax year 2025' },
      // A spreadsheet's exponent is never read as the number it may be (1e3 was 1000 BTC).
      {
        line: 9,
        column: 'Box 1f',
        message:
          '"1.5E+2" is written with an exponent; write the amount out in digits, such as 1000 or 0.00000001',
      },
      {
        line: 9,
        column: 'Box 1c',
        message:
          '"1e3" is written with an exponent; write the amount out in digits, such as 1000 or 0.00000001',
      },
    ]);
  });

  it('a file of another kind says what a 1099-DA file needs; a header without the asset is refused', () => {
    expect(parse1099Da(csv('Date,Amount\n2025-01-01,5\n')).errors).toEqual([
      {
        line: 1,
        column: null,
        message:
          'Not a 1099-DA file Lotwise knows: no header row with a date sold and proceeds column (box 1e and 1f, TaxBit’s disposed_date/proceeds or FDX’s dateOfSale/proceeds)',
      },
    ]);
    expect(parse1099Da(csv('1c,1e,1f\n1,2025-01-01,5\n')).errors).toEqual([
      { line: 1, column: null, message: 'no column names the digital asset (box 1a or 1b)' },
    ]);
  });
});
