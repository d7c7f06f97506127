import type { TieOutLineRow } from '@lotwise/contracts/tax/tie-out';
import { describe, expect, it } from 'vitest';
import { defaultAcquired, missingUnits } from './line-fixes-rules';

const line = (over: {
  date_acquired?: string | null;
  reasons?: TieOutLineRow['reasons'];
  status?: TieOutLineRow['status'];
  broker?: null;
}) =>
  ({
    status: over.status ?? 'basis_differs',
    asset: 'DOT',
    account: 'Coinbase',
    broker:
      over.broker === null
        ? null
        : { id: 7, date_sold: '2025-08-01', date_acquired: over.date_acquired ?? null },
    disposals: [],
    reasons: over.reasons ?? [],
  }) as unknown as TieOutLineRow; // Only the fields the rules read.

describe('the missing deposit a tie-out line offers', () => {
  it('is the units the sale has no purchase or deposit for', () => {
    expect(missingUnits(line({ reasons: [{ code: 'missing_acquisition', text: '', units: '3' }] }))).toBe(
      '3',
    );
    expect(missingUnits(line({ reasons: [{ code: 'lot_choice', text: '' }] }))).toBeNull();
  });

  it('is offered only where the server accepts the deposit (missing-deposit.ts)', () => {
    const missing = [{ code: 'missing_acquisition', text: '', units: '3' }];
    // A line that matches: another deposit would count the coins twice (the server's 409).
    expect(missingUnits(line({ status: 'matches', reasons: missing }))).toBeNull();
    // On the 1099-DA only, or in Lotwise only: no line of the form to fix.
    expect(missingUnits(line({ status: 'lotwise_only', broker: null, reasons: missing }))).toBeNull();
    // No units to add.
    expect(
      missingUnits(line({ reasons: [{ code: 'missing_acquisition', text: '', units: '0' }] })),
    ).toBeNull();
    expect(missingUnits(line({ reasons: [{ code: 'missing_acquisition', text: '' }] }))).toBeNull();
    for (const status of ['basis_differs', 'proceeds_differ', 'term_differs'] as const)
      expect(missingUnits(line({ status, reasons: missing }))).toBe('3');
  });

  it('starts from the broker’s date acquired when it is before the sale, else the day before', () => {
    expect(defaultAcquired(line({ date_acquired: '2025-07-01' }))).toBe('2025-07-01');
    expect(defaultAcquired(line({ date_acquired: 'VARIOUS' }))).toBe('2025-07-31');
    expect(defaultAcquired(line({ date_acquired: '2025-08-01' }))).toBe('2025-07-31');
    expect(defaultAcquired(line({}))).toBe('2025-07-31');
  });
});
