import type { TieOutLineRow } from '@lotwise/contracts/tax/tie-out';
import { describe, expect, it } from 'vitest';
import { defaultAcquired, missingUnits } from './line-fixes-rules';

const line = (over: { date_acquired?: string | null; reasons?: TieOutLineRow['reasons'] }) =>
  ({
    status: 'basis_differs',
    asset: 'DOT',
    account: 'Coinbase',
    broker: { id: 7, date_sold: '2025-08-01', date_acquired: over.date_acquired ?? null },
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

  it('starts from the broker’s date acquired when it is before the sale, else the day before', () => {
    expect(defaultAcquired(line({ date_acquired: '2025-07-01' }))).toBe('2025-07-01');
    expect(defaultAcquired(line({ date_acquired: 'VARIOUS' }))).toBe('2025-07-31');
    expect(defaultAcquired(line({ date_acquired: '2025-08-01' }))).toBe('2025-07-31');
    expect(defaultAcquired(line({}))).toBe('2025-07-31');
  });
});
