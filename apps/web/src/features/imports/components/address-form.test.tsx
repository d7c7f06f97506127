import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { AddressForm, CHAIN_NOTES } from './address-form';

const UNCHECKED = { checked: false, kind: 'unchecked', is_contract: false, warning: null, note: null };
const TOKEN_WARNING =
  "This address is the USDC token contract on Ethereum, not a wallet: importing it would read every transfer of the token, by everyone. Add your own wallet's address instead.";

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
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      String(url).includes('check_smart_contract')
        ? jsonResponse({ status: 'success', data: UNCHECKED })
        : jsonResponse({ status: 'success', message: 'added', data: { import_history_id: 1, job_id: 2 } }),
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

  it('checks an address before saving it: a token contract is said, Cancel keeps it unsaved, Add anyway saves it', async () => {
    const urls: string[] = [];
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      urls.push(String(url));
      return String(url).includes('check_smart_contract')
        ? jsonResponse({
            status: 'success',
            data: { checked: true, kind: 'token', is_contract: true, warning: TOKEN_WARNING, note: null },
          })
        : jsonResponse({ status: 'success', message: 'added', data: { import_history_id: 1, job_id: 2 } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const done = vi.fn();
    renderWithProviders(<AddressForm initialCoin="eth" onDone={done} />);
    fireEvent.change(screen.getByLabelText('Wallet address'), {
      target: { value: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add wallet' }));
    await waitFor(() => expect(screen.getByTestId('contract-warning').textContent).toContain(TOKEN_WARNING));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('contract-warning')).toBeNull();
    expect(urls.filter((u) => u.includes('blockchain_query'))).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add wallet' }));
    await waitFor(() => screen.getByTestId('contract-warning'));
    fireEvent.click(screen.getByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(urls.filter((u) => u.includes('blockchain_query'))).toHaveLength(1);
    expect(urls.filter((u) => u.includes('check_smart_contract'))).toHaveLength(2);
  });
});
