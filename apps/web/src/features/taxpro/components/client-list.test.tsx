import type { ClientRow } from '@lotwise/contracts/taxpro/taxpro';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ClientList } from './client-list';

afterEach(() => {
  vi.unstubAllGlobals();
});

const row: ClientRow = {
  id: 7,
  link_id: 3,
  name: 'Ada Client',
  email: 'ada@example.com',
  status: 'accepted',
  tax_years: [2024],
  calculation: 'complete',
  calculated_at: '2026-11-20T10:00:00Z',
  transactions: 45,
  out_of_date: false,
  missing_prices: 0,
  insufficient_balance: 0,
  plan: null,
  last_activity: '2026-11-20T10:00:00Z',
};

function stubBilling(enabled: boolean) {
  const fetchMock = vi.fn(async (_url: string) => jsonResponse({ billing_enabled: enabled }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('ClientList and billing', () => {
  it('shows no Plan column when billing is off', async () => {
    const fetchMock = stubBilling(false);
    renderWithProviders(<ClientList rows={[row]} opening={null} onOpen={() => {}} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/billing/status', expect.anything()));
    expect(screen.getByText('Ada Client')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Plan' })).toBeNull();
  });

  it('shows the Plan column when billing is on', async () => {
    stubBilling(true);
    renderWithProviders(<ClientList rows={[row]} opening={null} onOpen={() => {}} />);
    expect(await screen.findByRole('columnheader', { name: 'Plan' })).toBeTruthy();
  });
});

describe('ClientList calculation', () => {
  it('says Incomplete with the count for a calculated year resting on missing prices (issue 35.10)', async () => {
    stubBilling(false);
    renderWithProviders(
      <ClientList rows={[{ ...row, missing_prices: 6 }]} opening={null} onOpen={() => {}} />,
    );
    expect((await screen.findAllByText('Incomplete · 6 missing prices')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Calculated')).toBeNull();
  });

  it('says Out of date beside Incomplete, as the client page does (issue 35, item 5)', async () => {
    stubBilling(false);
    renderWithProviders(
      <ClientList
        rows={[{ ...row, missing_prices: 6, out_of_date: true }]}
        opening={null}
        onOpen={() => {}}
      />,
    );
    expect(
      (await screen.findAllByText('Incomplete · 6 missing prices · Out of date')).length,
    ).toBeGreaterThan(0);
  });

  it('says Out of date for a complete calculation whose inputs changed', async () => {
    stubBilling(false);
    renderWithProviders(
      <ClientList rows={[{ ...row, out_of_date: true }]} opening={null} onOpen={() => {}} />,
    );
    expect((await screen.findAllByText('Out of date')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Calculated')).toBeNull();
  });
});
