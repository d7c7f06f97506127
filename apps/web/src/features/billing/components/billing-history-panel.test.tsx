import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { BillingHistoryPanel } from './billing-history-panel';
import { CHECKOUT_CANCELLED_TEXT, CHECKOUT_PENDING_TEXT } from './checkout-banner';

afterEach(() => vi.unstubAllGlobals());

const row = (status: string) => ({
  id: 5,
  tax_year: 2024,
  plan_id: 'pro',
  plan_name: 'Pro',
  source: 'stripe',
  status,
  amount: '99.00',
  currency: 'USD',
  receipt_url: null,
  created_at: '2025-03-01T10:00:00Z',
  paid_at: null,
});
const answer = (rows: unknown[]) => ({
  billing_enabled: true,
  current_tax_year: 2024,
  year: 2024,
  data: rows,
});

describe('BillingHistoryPanel', () => {
  it('shows the empty state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(answer([]))),
    );
    renderWithProviders(<BillingHistoryPanel />, { route: '/settings/billing-history' });
    expect(await screen.findByText('No payments yet')).toBeTruthy();
  });

  it('polls after a payment until the plan is active', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        return jsonResponse(answer([row(calls === 1 ? 'pending' : 'paid')]));
      }),
    );
    renderWithProviders(<BillingHistoryPanel />, { route: '/settings/billing-history?checkout=success' });
    expect((await screen.findByTestId('checkout-banner')).textContent).toContain(CHECKOUT_PENDING_TEXT);
    await waitFor(
      () =>
        expect(screen.getByTestId('checkout-banner').textContent).toBe('Your Pro plan for 2024 is active.'),
      { timeout: 5000 },
    );
    expect(screen.getByTestId('checkout-banner').getAttribute('data-state')).toBe('active');
  });

  it('says a cancelled payment charged nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(answer([]))),
    );
    renderWithProviders(<BillingHistoryPanel />, { route: '/settings/billing-history?checkout=cancelled' });
    expect((await screen.findByTestId('checkout-banner')).textContent).toContain(CHECKOUT_CANCELLED_TEXT);
  });
});
