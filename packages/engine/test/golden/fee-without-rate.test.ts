import { describe, expect, it } from 'vitest';
import { calculate } from '../../src/calculate.ts';
import type { EngineTransaction } from '../../src/types.ts';
import { brief, totals, year } from '../helpers.ts';

/*
 * Issue 35 (items 1 and 4): a fee in a currency with no rate is never silently 0. Reporting USD,
 * no GBP→USD or EUR→USD rate anywhere; the price table has ETH $3,000 on 2024-03-05 and $2,450
 * on 2024-11-20, nothing else. Universal FIFO.
 *
 *   G0 2024-02-01 buy 10 DOT for £100 + £1 fee: no rate, no DOT price → one warning (value and
 *      fee), about the DOT lot's basis only (a buy has no proceeds)
 *   G1 2024-03-05 buy 0.5 ETH for £1,350 + £20.25 fee: valued from ETH, 0.5 × 3,000 = $1,500;
 *      the fee at the rate that implies, 20.25 × 1,500 / 1,350 = $22.50 → basis $1,522.50
 *   G2 2024-11-20 sell 0.25 ETH for £660, fee £3.96: 0.25 × 2,450 = $612.50; the fee
 *      3.96 × 612.50 / 660 = $3.675 → proceeds 612.50 − 3.675 = $608.825; basis half of G1,
 *      $761.25; gain 608.825 − 761.25 = −$152.425
 *   G3 2024-11-21 sell 0.1 ETH for £270, fee £1.62: no rate, no ETH price that day → proceeds
 *      unknown (0, flagged), basis 0.1 × 3,045 = $304.50; one warning naming the rate, the fee
 *      and ETH
 *   G4 2024-11-22 sell 0.05 ETH for $150, fee €0.90: the value is known but the fee has no
 *      rate, and the row has no EUR amount to imply one → proceeds unknown (flagged), basis
 *      $152.25
 *   G5 2024-11-23 buy 1 BTC for $50,000, fee €5: the fee has no rate → the BTC lot's basis is
 *      unknown (the warning says the basis, not proceeds)
 *   G6 2024-12-01 sell 0.5 BTC for $30,000: proceeds known, basis 25,000 printed but unknown
 *      (its lot came from G5): basisUnknown
 *
 *   2024: proceeds 608.825 + 0 + 0 + 30,000 = 30,608.825; basis 761.25 + 304.5 + 152.25 +
 *   25,000 = 26,218; short-term gain 30,608.825 − 26,218 = 4,390.825 (unknowns counted as 0).
 */
const prices = (asset: string, at: string): string | null => {
  if (asset !== 'ETH') return null;
  if (at.startsWith('2024-03-05')) return '3000';
  if (at.startsWith('2024-11-20')) return '2450';
  return null;
};

function gbp(
  id: string,
  at: string,
  kind: 'buy' | 'sell',
  qty: string,
  asset: string,
  pounds: string,
  fee: string,
): EngineTransaction {
  const crypto = { asset, amount: qty };
  const fiat = { asset: 'GBP', amount: pounds };
  return {
    id,
    wallet: 'W',
    timestamp: at,
    kind,
    sent: kind === 'buy' ? fiat : crypto,
    received: kind === 'buy' ? crypto : fiat,
    fee: { asset: 'GBP', amount: fee },
    fiat_value: { currency: 'GBP', amount: pounds },
  };
}

const rows: EngineTransaction[] = [
  gbp('G0', '2024-02-01T10:00:00Z', 'buy', '10', 'DOT', '100', '1'),
  gbp('G1', '2024-03-05T14:20:00Z', 'buy', '0.5', 'ETH', '1350', '20.25'),
  gbp('G2', '2024-11-20T10:15:00Z', 'sell', '0.25', 'ETH', '660', '3.96'),
  gbp('G3', '2024-11-21T10:00:00Z', 'sell', '0.1', 'ETH', '270', '1.62'),
  {
    id: 'G4',
    wallet: 'W',
    timestamp: '2024-11-22T10:00:00Z',
    kind: 'sell',
    sent: { asset: 'ETH', amount: '0.05' },
    received: { asset: 'USD', amount: '150' },
    fee: { asset: 'EUR', amount: '0.9' },
  },
  {
    id: 'G5',
    wallet: 'W',
    timestamp: '2024-11-23T10:00:00Z',
    kind: 'buy',
    sent: { asset: 'USD', amount: '50000' },
    received: { asset: 'BTC', amount: '1' },
    fee: { asset: 'EUR', amount: '5' },
  },
  {
    id: 'G6',
    wallet: 'W',
    timestamp: '2024-12-01T10:00:00Z',
    kind: 'sell',
    sent: { asset: 'BTC', amount: '0.5' },
    received: { asset: 'USD', amount: '30000' },
  },
];

describe('golden: a fee in a currency with no rate', () => {
  const result = calculate(rows, { prices });
  const y = year(result, 2024);
  const line = (id: string) => y.disposals.find((d) => d.txId === id)!;
  const warned = (code: string, id: string) =>
    result.warnings.filter((w) => w.code === code && w.txId === id);

  it('values the fee at the rate the row implies when the row is valued from the asset price', () => {
    expect(brief(line('G2'))).toMatchObject({ proceeds: '608.825', costBasis: '761.25', gain: '-152.425' });
    expect(line('G2').missingPrice).toBeUndefined();
    expect(result.holdings.find((h) => h.lotId === 'G1')).toMatchObject({
      amount: '0.1',
      costBasis: '304.5',
    });
    // Said on the row's note: where the value came from, and the fee's rate.
    expect(warned('valued_from_price', 'G1').map((w) => w.message)).toEqual([
      'Transaction G1: no GBP→USD rate on 2024-03-05 for its GBP value; valued from the USD price of ETH that day instead, and its 20.25 GBP fee at the rate that implies (1500 USD for 1350 GBP): 22.5 USD.',
    ]);
    expect(warned('valued_from_price', 'G2').map((w) => w.message)).toEqual([
      'Transaction G2: no GBP→USD rate on 2024-11-20 for its GBP value; valued from the USD price of ETH that day instead, and its 3.96 GBP fee at the rate that implies (612.5 USD for 660 GBP): 3.675 USD.',
    ]);
    expect(warned('missing_price', 'G1')).toEqual([]);
    expect(warned('missing_price', 'G2')).toEqual([]);
  });

  it('marks the proceeds unknown when nothing values the fee, and names what is missing', () => {
    expect(line('G4')).toMatchObject({ proceeds: '0', costBasis: '152.25', missingPrice: true });
    expect(warned('missing_price', 'G4')).toEqual([
      {
        code: 'missing_price',
        txId: 'G4',
        message:
          'Transaction G4: no EUR→USD rate on 2024-11-22 for its 0.9 EUR fee; its fee is unknown until a rate is added (the reports show it as unknown, not 0), which leaves the 2024 proceeds, short-term gain and long-term gain incomplete.',
        affects: ['2024.proceeds', '2024.shortTermGain', '2024.longTermGain'],
      },
    ]);
  });

  it('gives a row one warning for its value and its fee, true to what is affected', () => {
    expect(line('G3')).toMatchObject({ proceeds: '0', costBasis: '304.5', missingPrice: true });
    expect(warned('missing_price', 'G3').map((w) => w.message)).toEqual([
      'Transaction G3: no GBP→USD rate on 2024-11-21 for its GBP value and its 1.62 GBP fee, and no price for ETH that day; its value and its fee are unknown until a rate or price is added (the reports show them as unknown, not 0), which leaves the 2024 proceeds, short-term gain and long-term gain incomplete.',
    ]);
    // A buy has no proceeds: its warning is about the basis of what it bought.
    expect(warned('missing_price', 'G0')).toEqual([
      expect.objectContaining({
        affects: ['basis of DOT lot G0'],
        message: expect.stringContaining(
          'no GBP→USD rate on 2024-02-01 for its GBP value and its 1 GBP fee, and no price for DOT that day',
        ),
      }),
    ]);
    expect(warned('missing_price', 'G5')).toEqual([
      expect.objectContaining({ affects: ['basis of BTC lot G5'] }),
    ]);
    for (const w of result.warnings) {
      expect(w.message).not.toContain('taken as 0');
      expect(w.message).not.toMatch(/\d{4}\.\w|\blot\b/);
    }
    expect(result.warnings.filter((w) => w.code === 'missing_price').map((w) => w.txId)).toEqual([
      'G0',
      'G3',
      'G4',
      'G5',
    ]);
    expect(result.statuses.map((s) => s.id)).toEqual(['G0', 'G3', 'G4', 'G5']);
  });

  it('marks a line whose lots were acquired without a price: basisUnknown', () => {
    expect(line('G6')).toMatchObject({ proceeds: '30000', costBasis: '25000', basisUnknown: true });
    for (const id of ['G2', 'G3', 'G4']) expect(line(id).basisUnknown, id).toBeUndefined();
    expect(totals(y)).toEqual({
      proceeds: '30608.825',
      costBasis: '26218',
      shortTermGain: '4390.825',
      longTermGain: '0',
      income: '0',
    });
  });
});
