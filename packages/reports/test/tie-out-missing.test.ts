import { describe, expect, it } from 'vitest';
import { tieOut } from '../src/tie-out/tie-out.ts';
import type { BrokerLine, LotwiseDisposal } from '../src/tie-out/types.ts';

/*
 * Issue 31 item 5: what is missing when coins came in from a wallet Lotwise never saw. Coinbase
 * sells 5 DOT on 2025-08-01 for $30; the broker reports a basis of $25 (box G).
 *   a: Lotwise has no purchase nor deposit: the 5 DOT are sold without a lot (sellWithoutBuy).
 *   b: Coinbase's deposit of 2025-07-01 is there but no withdrawal of the user's matched it:
 *      the engine opened it at $0 ("<tx>:uncovered").
 */
const line: BrokerLine = {
  id: 1,
  formId: 1,
  line: 2,
  account: 'Coinbase',
  form_8949_box: 'G',
  asset: 'DOT',
  asset_code: null,
  asset_name: 'Polkadot',
  units: '5',
  date_acquired: '2025-07-01',
  date_sold: '2025-08-01',
  proceeds: '30',
  cost_basis: '25',
  accrued_market_discount: null,
  wash_sale_loss_disallowed: null,
  basis_reported: true,
  proceeds_type: 'gross',
  federal_tax_withheld: null,
  loss_not_allowed: false,
  term: 'short',
  cash_only: false,
  customer_provided: false,
  noncovered: false,
  aggregate: null,
  aggregate_transactions: null,
};
const sale = (over: Partial<LotwiseDisposal>): LotwiseDisposal => ({
  id: 1,
  txId: '9',
  asset: 'DOT',
  amount: '5',
  acquiredAt: '2025-08-01',
  disposedAt: '2025-08-01',
  disposedTimestamp: '2025-08-01T12:00:00Z',
  proceeds: '30',
  costBasis: '0',
  term: 'short',
  category: 'sale',
  taxable: true,
  wallet: 'Coinbase',
  lots: [],
  sellWithoutBuy: null,
  missingPrice: false,
  fee: null,
  ...over,
});

describe('tie-out: units that came in from a wallet Lotwise never saw', () => {
  it('a sale without lots says how many units have no purchase or deposit (the deposit to add)', () => {
    const [tied] = tieOut([line], [sale({ sellWithoutBuy: '5' })], { year: 2025 }).lines;
    expect(tied!.status).toBe('basis_differs');
    expect(tied!.reasons.map((r) => [r.code, r.units])).toEqual([['missing_acquisition', '5']]);
    // (e) the broker's 25, B, (g) 25 − 0, (h) 30 − 25 + 25.
    expect(tied!.form8949).toMatchObject({
      box: 'G',
      costBasis: '25.00',
      code: 'B',
      adjustment: '25.00',
      gain: '30.00',
    });
  });

  it('a deposit no withdrawal matched is named as such, not as another lot choice', () => {
    const lots = [
      {
        lotId: '7:uncovered',
        acquiredAt: '2025-07-01',
        acquiredTimestamp: null,
        amount: '5',
        costBasis: '0',
      },
    ];
    const [tied] = tieOut([line], [sale({ lots, acquiredAt: '2025-07-01' })], {
      year: 2025,
      lotWallet: () => 'Coinbase',
    }).lines;
    expect(tied!.reasons.map((r) => [r.code, r.units])).toEqual([['deposit_without_basis', '5']]);
    expect(tied!.reasons[0]!.text).toBe(
      '5 DOT came into this account on 2025-07-01 with no withdrawal from another of your wallets, so Lotwise counts their basis as $0.00. Import the wallet they came from: the transfer then carries their basis over.',
    );
  });

  it('with the deposit and its basis the line matches', () => {
    const lots = [
      { lotId: '12', acquiredAt: '2025-07-01', acquiredTimestamp: null, amount: '5', costBasis: '25' },
    ];
    const [tied] = tieOut([line], [sale({ lots, costBasis: '25', acquiredAt: '2025-07-01' })], {
      year: 2025,
      lotWallet: () => 'Coinbase',
    }).lines;
    expect(tied!.status).toBe('matches');
    expect(tied!.reasons).toEqual([]);
    expect(tied!.form8949).toMatchObject({ costBasis: '25.00', code: '', adjustment: '', gain: '5.00' });
  });
});
