import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { leaveFor } from '../utils/leave-for';
import { PricingPage } from './pricing-page';

vi.mock('../utils/leave-for', () => ({ leaveFor: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const plans = (overrides: Record<string, unknown> = {}) => ({
  billing_enabled: true,
  tax_year: 2024,
  tax_years: [2025, 2024, 2023],
  free_transaction_limit: 50,
  plans: [
    {
      id: 'basic',
      name: 'Basic',
      price: '49.00',
      currency: 'USD',
      transaction_limit: 100,
      features: ['Form 8949'],
    },
    { id: 'pro', name: 'Pro', price: '99.00', currency: 'USD', transaction_limit: 5000, features: [] },
    { id: 'max', name: 'Max', price: '199.00', currency: 'USD', transaction_limit: null, features: [] },
  ],
  current_plan_id: null,
  transaction_count: 120,
  ...overrides,
});

function stubApi(
  answer: ReturnType<typeof plans>,
  checkout: Response = jsonResponse({ status: 'success', url: 'https://pay.example/c/1', purchase_id: 7 }),
) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url.startsWith('/api/billing/checkout') ? checkout : jsonResponse(answer),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const card = (id: string) => {
  const found = screen.getAllByTestId('plan-card').find((c) => c.getAttribute('data-plan-id') === id);
  if (!found) throw new Error(`no card ${id}`);
  return within(found);
};

describe('PricingPage', () => {
  it('marks the plan that fits and the current plan, and buys a plan', async () => {
    const fetchMock = stubApi(plans({ current_plan_id: 'basic' }));
    renderWithProviders(<PricingPage />, { route: '/pricing?callUrl=settings&taxYear=2024' });
    await screen.findAllByTestId('plan-card');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/billing/plans?tax_year=2024');
    expect(screen.getByTestId('pricing-transaction-count').textContent).toContain('120 transactions');
    expect(card('pro').getByTestId('plan-recommended')).toBeTruthy();
    expect(card('basic').getByTestId('plan-current').textContent).toBe('Your plan');
    expect(card('basic').getByRole('button', { name: 'Buy Basic' }).hasAttribute('disabled')).toBe(true);
    expect(card('max').getByText('Unlimited transactions')).toBeTruthy();
    expect(card('basic').getByText('$49.00')).toBeTruthy();

    fireEvent.click(card('pro').getByRole('button', { name: 'Buy Pro' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://pay.example/c/1'));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/billing/checkout') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ plan_id: 'pro', tax_year: 2024, call_url: 'settings' });
  });

  it('shows the error of a checkout that could not start', async () => {
    stubApi(
      plans(),
      jsonResponse(
        { status: 'error', code: 'conflict', message: 'Stripe is not answering.', messages: [] },
        409,
      ),
    );
    renderWithProviders(<PricingPage />, { route: '/pricing?taxYear=2024' });
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Max' }));
    expect((await screen.findByTestId('checkout-error')).textContent).toContain('Stripe is not answering.');
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('shows only the billing-off note when billing is off: no plans, prices or counts', async () => {
    stubApi(plans({ billing_enabled: false }));
    renderWithProviders(<PricingPage />, { route: '/pricing' });
    expect((await screen.findByTestId('billing-off-note')).textContent).toBe(
      'Billing is off on this instance: every feature is included.',
    );
    expect(screen.queryAllByTestId('plan-card')).toHaveLength(0);
    expect(screen.queryByTestId('pricing-transaction-count')).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('names the tax year the transactions are counted in', async () => {
    stubApi(plans());
    renderWithProviders(<PricingPage />, { route: '/pricing?taxYear=2024' });
    expect((await screen.findByTestId('pricing-transaction-count')).textContent).toContain(
      '120 transactions in 2024',
    );
  });
});
