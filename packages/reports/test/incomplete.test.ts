import { inflateSync } from 'node:zlib';
import type { DisposalLine, IncomeLine } from '@lotwise/engine/types';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildForm, FORMS, type FormName } from '../src/build.ts';
import { incompleteNotice, missingPriceCounts, transactionYears } from '../src/incomplete.ts';
import { EMPTY_TOTALS, type ReportModel } from '../src/model.ts';

/*
 * Issue 35.1: every report and download of an incomplete year says so on the document itself,
 * and an unknown value prints as blank / "unknown" with its reason, never 0.00.
 *   a 2024-03-01 sells 1 ETH, no price: proceeds unknown (the engine's 0), basis 1,500
 *   b 2024-04-01 sells 0.5 BTC for 20,000.004, basis 12,000 (known)
 *   c 2024-05-01 staking 2 SOL, no price: value unknown
 */
const sale = (over: Partial<DisposalLine>): DisposalLine => ({
  txId: 'b',
  asset: 'BTC',
  amount: '0.5',
  acquiredAt: '2024-01-02',
  disposedAt: '2024-04-01',
  disposedTimestamp: '2024-04-01T00:00:00Z',
  proceeds: '20000.004',
  costBasis: '12000',
  gain: '8000.004',
  term: 'short',
  category: 'sale',
  taxable: true,
  wallet: 'Coinbase',
  lots: [
    { lotId: 'x', acquiredAt: '2024-01-02', acquiredTimestamp: null, amount: '0.5', costBasis: '12000' },
  ],
  ...over,
});
const unpriced = sale({
  txId: 'a',
  asset: 'ETH',
  amount: '1',
  disposedAt: '2024-03-01',
  proceeds: '0',
  costBasis: '1500',
  gain: '-1500',
  missingPrice: true,
  lots: [{ lotId: 'y', acquiredAt: '2024-01-02', acquiredTimestamp: null, amount: '1', costBasis: '1500' }],
});
const staking: IncomeLine = {
  txId: 'c',
  asset: 'SOL',
  amount: '2',
  value: '0',
  receivedAt: '2024-05-01',
  receivedTimestamp: '2024-05-01T00:00:00Z',
  category: 'staking_reward',
  wallet: 'Coinbase',
  missingPrice: true,
};

function model(
  missingPrices: number,
  disposals = [unpriced, sale({})],
  incomeLines = [staking],
): ReportModel {
  return {
    year: 2024,
    currency: 'USD',
    disposals,
    incomeLines,
    holdings: [],
    allocation: null,
    summary: EMPTY_TOTALS,
    missingPrices,
  };
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

/** The text drawn on each page of a pdf-lib PDF (its content streams are not compressed). */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const raw = page.node.Contents();
    const streams = raw && 'asArray' in raw ? (raw as { asArray(): unknown[] }).asArray() : [raw];
    return streams
      .map((s) => {
        const stream = doc.context.lookup(s as never) as { contents?: Uint8Array } | undefined;
        if (!stream?.contents) return '';
        try {
          return inflateSync(stream.contents).toString('latin1');
        } catch {
          return Buffer.from(stream.contents).toString('latin1');
        }
      })
      .join('\n')
      .replace(
        /<([0-9A-Fa-f]+)>\s*Tj/g,
        (_, hex: string) => `${Buffer.from(hex, 'hex').toString('latin1')} Tj`,
      );
  });
}

describe('incomplete years (issue 35.1)', () => {
  it('counts transactions the engine flagged, by their tax year, once each', () => {
    const years = transactionYears([
      { id: '1', timestamp: '2024-12-31T23:30:00Z' },
      { id: '2', timestamp: '2024-06-01T00:00:00Z' },
      { id: '3', timestamp: '2025-01-02T00:00:00Z' },
      { id: '4', timestamp: '2024-07-01T00:00:00Z' },
    ]);
    const statuses = [
      { id: '1', flags: ['missing_price'] },
      { id: '2', flags: ['missing_price', 'sell_without_buy'] },
      { id: '3', flags: ['missing_price'] },
      { id: '4', flags: ['sell_without_buy'] },
    ];
    expect([...missingPriceCounts(statuses, years)]).toEqual([
      [2024, 2],
      [2025, 1],
    ]);
    // In New York the first is still 2024; in Tokyo it is 2025.
    const tokyo = transactionYears([{ id: '1', timestamp: '2024-12-31T23:30:00Z' }], 'Asia/Tokyo');
    expect(tokyo('1')).toBe(2025);
    expect(incompleteNotice(2024, 0)).toBeNull();
    expect(incompleteNotice(2024, 1)).toMatch(/^INCOMPLETE: 1 transaction of 2024 has a missing price\./);
  });

  it('starts every CSV of an incomplete year with the INCOMPLETE line and leaves unknown amounts blank', async () => {
    const csvForms = (Object.keys(FORMS) as FormName[]).filter((f) =>
      (FORMS[f] as readonly string[]).includes('csv'),
    );
    expect(csvForms.sort()).toEqual([
      '8283',
      '8949',
      'capital-gains',
      'income',
      'schedule-d',
      'taxact',
      'turbotax',
    ]);
    for (const form of csvForms) {
      const lines = text((await buildForm(form, 'csv', model(3), {})).bytes).split('\n');
      expect(lines[0], form).toBe(`# ${incompleteNotice(2024, 3)}`);
      expect(lines[0]).toContain('INCOMPLETE: 3 transactions of 2024 have missing prices');
      // No unknown amount is printed as 0.00 (Schedule D's known zeros are checked below).
      if (form !== 'schedule-d') expect(lines.join('\n'), form).not.toMatch(/(^|,)0\.00(,|$)/m);
    }
    const gains = text((await buildForm('capital-gains', 'csv', model(3), {})).bytes).split('\n');
    expect(gains[1]).toBe(
      'date_sold,date_acquired,asset,amount,proceeds,cost_basis,gain,term,box,category,wallet,tx_id,lots,note,code,adjustment',
    );
    expect(gains[2]).toBe(
      '03/01/2024,01/02/2024,ETH,1,,1500.00,,short,C,sale,Coinbase,a,y 1 2024-01-02 1500,no price: value unknown,,',
    );
    expect(gains[3]).toContain(',20000.00,12000.00,8000.00,');
    const turbo = text((await buildForm('turbotax', 'csv', model(3), {})).bytes).split('\n');
    expect(turbo.slice(1, 4)).toEqual([
      'Currency Name,Purchase Date,Cost Basis,Date sold,Proceeds',
      'ETH,01/02/2024,1500.00,03/01/2024,',
      'BTC,01/02/2024,12000.00,04/01/2024,20000.00',
    ]);
    const taxact = text((await buildForm('taxact', 'csv', model(3), {})).bytes).split('\n');
    expect(taxact[2]).toBe('1 ETH,01/02/2024,03/01/2024,,1500.00,Short,C');
    const income = text((await buildForm('income', 'csv', model(3), {})).bytes).split('\n');
    expect(income[2]).toBe('05/01/2024,staking_reward,SOL,2,,8v,Coinbase,c,yes');
    const d = text((await buildForm('schedule-d', 'csv', model(3), {})).bytes).split('\n');
    expect(d.find((l) => l.startsWith('3,'))).toBe(
      '3,Totals from Form(s) 8949 with Box C checked,,13500.00,0.00,,1 Form 8949 line(s) with no price: value unknown',
    );
    expect(d.find((l) => l.startsWith('16,'))).toBe(
      '16,Combine lines 7 and 15,,,,,1 Form 8949 line(s) with no price: value unknown',
    );
  });

  it('leaves the CSVs of a complete year as they were', async () => {
    const complete = model(0, [sale({})], []);
    for (const form of ['capital-gains', 'turbotax', 'taxact', 'income', 'schedule-d', '8283'] as const) {
      const csv = text((await buildForm(form, 'csv', complete, {})).bytes);
      expect(csv, form).not.toContain('INCOMPLETE');
      expect(csv.startsWith('#')).toBe(false);
    }
  });

  it('marks every page of every PDF of an incomplete year and prints unknown values as "unknown"', async () => {
    for (const form of ['8949', 'schedule-d', 'income', 'tax-report'] as const) {
      const built = await buildForm(form, 'pdf', model(3), {});
      expect(built.printed?.incomplete, form).toBe('3');
      const pages = await pageTexts(built.bytes);
      expect(pages.length).toBe(built.pageCount);
      for (const [i, page] of pages.entries()) {
        expect(page, `${form} page ${i + 1}`).toContain(
          'INCOMPLETE: 3 transactions of 2024 have missing prices',
        );
      }
    }
    const f8949 = await buildForm('8949', 'pdf', model(3), {});
    expect(f8949.printed).toMatchObject({
      'C.1.proceeds': 'unknown',
      'C.1.costBasis': '13,500.00',
      'C.1.gain': 'unknown',
      '8949.C.proceeds': '20,000.00',
    });
    const page = (await pageTexts(f8949.bytes))[0]!;
    expect(page).toContain('\nunknown Tj');
    expect(page).toContain('(no price: value unknown) Tj');
    const full = await buildForm('tax-report', 'pdf', model(3), {});
    expect(full.printed).toMatchObject({
      'summary.proceeds': 'unknown',
      'summary.gain': 'unknown',
      'summary.costBasis': '13,500.00',
      'summary.income': 'unknown',
      'scheduleD.7': 'unknown',
      'scheduleD.16': 'unknown',
      'income.total': 'unknown',
    });
  });

  it('prints the basis of lots bought without a price as unknown too', async () => {
    // The ETH lot "y" came from a buy with no price: a's basis 1,500 is the engine's 0 + fees, unknown.
    const m = { ...model(3), unpricedTransactions: ['y'] };
    const gains = text((await buildForm('capital-gains', 'csv', m, {})).bytes).split('\n');
    expect(gains[2]).toBe(
      // The lots column (the audit trail) says the lot's basis is unknown too, never the engine's 1500 (or 0).
      '03/01/2024,01/02/2024,ETH,1,,,,short,C,sale,Coinbase,a,y 1 2024-01-02 unknown,no price: value unknown (proceeds and the basis of the lots sold),,',
    );
    const turbo = text((await buildForm('turbotax', 'csv', m, {})).bytes).split('\n');
    expect(turbo[2]).toBe('ETH,01/02/2024,,03/01/2024,');
    const f8949 = await buildForm('8949', 'pdf', m, {});
    expect(f8949.printed).toMatchObject({ 'C.1.costBasis': 'unknown', 'C.1.proceeds': 'unknown' });
  });

  it('prints a complete year without any marker', async () => {
    const built = await buildForm('8949', 'pdf', model(0, [sale({})], []), {});
    expect(built.printed?.incomplete).toBeUndefined();
    expect((await pageTexts(built.bytes)).join('\n')).not.toContain('INCOMPLETE');
    expect(built.printed?.['C.1.proceeds']).toBe('20,000.00');
  });
});
