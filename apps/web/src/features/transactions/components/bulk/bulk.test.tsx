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
  it('keeps Continue disabled until a scope is chosen, then passes the scope and the save flag', () => {
    const onContinue = vi.fn();
    renderWithProviders(<BulkPreferenceModal opened onCancel={() => {}} onContinue={onContinue} />);
    const cont = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(cont.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Apply to all pages that match the selection'));
    fireEvent.click(screen.getByLabelText('Save preference for future transactions'));
    expect(cont.disabled).toBe(false);
    fireEvent.click(cont);
    expect(onContinue).toHaveBeenCalledWith('all_pages', true);
  });
});
