import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { AddressForm, CHAIN_NOTES } from './address-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AddressForm', () => {
  it('shows the AVAX and Polygon notes, and none for Ethereum', () => {
    const { unmount } = renderWithProviders(<AddressForm initialCoin="avax" onDone={() => {}} />);
    expect(screen.getByTestId('chain-note').textContent).toBe(CHAIN_NOTES.avax);
    expect(CHAIN_NOTES.avax).toContain('Meld chain transactions are not imported');
    unmount();
    renderWithProviders(<AddressForm initialCoin="matic" onDone={() => {}} />);
    expect(screen.getByTestId('chain-note').textContent).toContain('Polygon (MATIC) wallet');
  });

  it('sends a Litecoin extended key as xpub_key, and a Solana address as the address', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse({ status: 'success', message: 'added', data: { import_history_id: 1, job_id: 2 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const ltub = `Ltub${'2'.repeat(107)}`;
    const done = vi.fn();
    const { unmount } = renderWithProviders(<AddressForm initialCoin="ltc" onDone={done} />);
    expect(screen.queryByTestId('chain-note')).toBeNull();
    fireEvent.change(screen.getByLabelText('Address or xpub / ypub / zpub'), { target: { value: ltub } });
    fireEvent.click(screen.getByRole('button', { name: 'Add wallet' }));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body))).toMatchObject({
      coin: 'ltc',
      xpub: true,
      xpub_key: ltub,
    });
    unmount();
    renderWithProviders(<AddressForm initialCoin="sol" onDone={done} />);
    fireEvent.change(screen.getByLabelText('Wallet address'), {
      target: { value: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add wallet' }));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body))).toMatchObject({
      coin: 'sol',
      address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    });
  });
});
