import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { BulkBar } from './bulk-bar';
import { BulkPreferenceModal } from './preference-modal';

// Only the fields the bar reads.
const row = (id: number, type: string, ignored = false) =>
  ({ id, type, ignored, is_grouped_transaction: false }) as unknown as TransactionRow;

describe('BulkBar', () => {
  it('disables the type selector for a mixed selection and offers Ignore', () => {
    renderWithProviders(
      <BulkBar
        rows={[row(1, 'buy'), row(2, 'sell')]}
        busy={false}
        onClear={() => {}}
        onRun={() => {}}
        onCombine={() => {}}
      />,
    );
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Bulk type' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Ignore' })).toBeTruthy();
  });

  it('offers Enable when every selected row is ignored, and runs it', () => {
    const onRun = vi.fn();
    renderWithProviders(
      <BulkBar
        rows={[row(1, 'sell', true), row(2, 'sell', true)]}
        busy={false}
        onClear={() => {}}
        onRun={onRun}
        onCombine={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(onRun).toHaveBeenCalledWith({ action: 'enable' });
  });
});

describe('BulkPreferenceModal', () => {
  it('keeps Continue disabled until a scope is chosen, says how many rows change, passes scope and save flag', () => {
    const onContinue = vi.fn();
    renderWithProviders(
      <BulkPreferenceModal opened selected={2} total={35} onCancel={() => {}} onContinue={onContinue} />,
    );
    const cont = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(cont.disabled).toBe(true);
    expect(screen.getByText('2 selected transactions will change.')).toBeTruthy();
    expect(screen.getByText(/^All 35 transactions that match the filters will change/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Apply to all pages that match the selection'));
    fireEvent.click(screen.getByLabelText('Save preference for future transactions'));
    const all = screen.getByRole('button', { name: 'Continue: change 35' }) as HTMLButtonElement;
    expect(all.disabled).toBe(false);
    fireEvent.click(all);
    expect(onContinue).toHaveBeenCalledWith('all_pages', true);
  });
});
