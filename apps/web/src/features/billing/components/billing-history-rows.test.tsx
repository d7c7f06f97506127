import type { BillingRow } from '@lotwise/contracts/billing/billing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { activatedPurchase, readCheckoutReturn } from '../utils/billing-history';
import { BillingHistoryCards, BillingHistoryTable } from './billing-history-rows';
import { activeText } from './checkout-banner';

const paid: BillingRow = {
  id: 2,
  tax_year: 2024,
  plan_id: 'pro',
  plan_name: 'Pro',
  source: 'stripe',
  status: 'paid',
  amount: '99.00',
  currency: 'USD',
  receipt_url: 'https://pay.example/receipt/2',
  created_at: '2025-03-01T10:00:00Z',
  paid_at: '2025-03-02T10:00:00Z',
};
const granted: BillingRow = {
  ...paid,
  id: 1,
  tax_year: 2023,
  plan_name: 'Unlimited',
  source: 'admin',
  amount: null,
  currency: null,
  receipt_url: null,
  paid_at: null,
  created_at: '2025-01-15T10:00:00Z',
};

describe('billing history rows', () => {
  it('shows a table row per payment on desktop', () => {
    renderWithProviders(<BillingHistoryTable rows={[paid, granted]} />);
    const rows = screen.getAllByTestId('billing-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('2024')).toBeTruthy();
    expect(first.getByText('Pro')).toBeTruthy();
    expect(first.getByText('Payment')).toBeTruthy();
    expect(first.getByText('$99.00')).toBeTruthy();
    expect(first.getByText('Mar 2, 2025')).toBeTruthy();
    expect(first.getByTestId('billing-status').getAttribute('data-status')).toBe('paid');
    expect(first.getByTestId('billing-status').textContent).toBe('Paid');
    const receipt = first.getByRole('link', { name: /Receipt/ });
    expect(receipt.getAttribute('href')).toBe('https://pay.example/receipt/2');
    expect(receipt.getAttribute('target')).toBe('_blank');
    const second = within(rows[1]!);
    expect(second.getByText('Granted by admin')).toBeTruthy();
    expect(second.getByText('Jan 15, 2025')).toBeTruthy();
    expect(second.queryByRole('link')).toBeNull();
  });

  it('shows a card per payment on phones', () => {
    renderWithProviders(
      <BillingHistoryCards rows={[{ ...paid, status: 'refunded', amount: '49.5', currency: 'EUR' }]} />,
    );
    const card = within(screen.getByTestId('billing-row'));
    expect(card.getByText('2024 · Pro')).toBeTruthy();
    expect(card.getByText('€49.50')).toBeTruthy();
    expect(card.getByTestId('billing-status').textContent).toBe('Refunded');
    expect(card.getByRole('link', { name: /Receipt/ })).toBeTruthy();
  });
});

describe('after a payment', () => {
  it('reads the checkout outcome from the URL', () => {
    expect(readCheckoutReturn(new URLSearchParams('checkout=success'))).toBe('success');
    expect(readCheckoutReturn(new URLSearchParams('checkout=cancelled'))).toBe('cancelled');
    expect(readCheckoutReturn(new URLSearchParams('checkout=other'))).toBeNull();
  });
  it('is active once the newest payment is paid', () => {
    expect(activatedPurchase([{ ...paid, status: 'pending', id: 3 }, paid])).toBeNull();
    expect(activatedPurchase([granted, paid])?.id).toBe(2);
    expect(activatedPurchase([granted])).toBeNull();
    expect(activeText(paid)).toBe('Your Pro plan for 2024 is active.');
  });
});
