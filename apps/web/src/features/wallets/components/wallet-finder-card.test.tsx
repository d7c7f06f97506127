import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { WALLET_FINDER_EMPTY, WalletFinderCard } from './wallet-finder-card';

afterEach(() => vi.unstubAllGlobals());

const ETH = '0x1234567890abcdef1234567890abcdef12345678';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const found = [
  {
    coin: 'eth',
    chain: 'Ethereum',
    address: ETH,
    direction: 'sent',
    transactions: 3,
    last_seen: '2025-03-01T10:00:00Z',
  },
  {
    coin: 'btc',
    chain: 'Bitcoin',
    address: BTC,
    direction: 'both',
    transactions: 1200,
    last_seen: '2024-12-24T08:00:00Z',
  },
];

/** A fake server: the finder list, then the answers of the POST calls. */
function stubServer(list: unknown[]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/address_list')) return jsonResponse({ status: 'success', data: list });
    if (init?.method === 'POST')
      return jsonResponse({
        status: 'success',
        message: 'Wallets added to import queue.',
        data: { queued: 2, import_history_ids: [7, 8] },
      });
    return jsonResponse({ status: 'success', data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

describe('WalletFinderCard', () => {
  it('lists found addresses, shortened, with the full one as data-address', async () => {
    stubServer(found);
    renderWithProviders(<WalletFinderCard />, { route: '/wallets' });
    const rows = await screen.findAllByTestId('wallet-finder-row');
    expect(rows.map((r) => r.getAttribute('data-address'))).toEqual([ETH, BTC]);
    const first = within(rows[0]!);
    expect(first.getByText('0x123...5678').getAttribute('title')).toBe(ETH);
    expect(first.getByText('Ethereum')).toBeTruthy();
    expect(first.getByText('Sent to')).toBeTruthy();
    expect(first.getByText('3')).toBeTruthy();
    expect(first.getByText('Mar 1, 2025')).toBeTruthy();
    expect(within(rows[1]!).getByText('Sent and received')).toBeTruthy();
    expect(within(rows[1]!).getByText('1,200')).toBeTruthy();
    expect(screen.queryByTestId('wallet-finder-empty')).toBeNull();
  });

  it('shows the empty state', async () => {
    stubServer([]);
    renderWithProviders(<WalletFinderCard />, { route: '/wallets' });
    expect((await screen.findByTestId('wallet-finder-empty')).textContent).toBe(WALLET_FINDER_EMPTY);
    expect(screen.queryByTestId('wallet-finder-row')).toBeNull();
  });

  it('enables the buttons once something is selected, and select all toggles every row', async () => {
    stubServer(found);
    renderWithProviders(<WalletFinderCard />, { route: '/wallets' });
    await screen.findAllByTestId('wallet-finder-row');
    expect(button('wallet-finder-import').disabled).toBe(true);
    expect(button('wallet-finder-dismiss').disabled).toBe(true);

    fireEvent.click(screen.getByTestId('wallet-finder-select-all'));
    expect(button('wallet-finder-import').disabled).toBe(false);
    expect(button('wallet-finder-dismiss').disabled).toBe(false);
    const boxes = screen.getAllByRole('checkbox', { name: /^Select (Ethereum|Bitcoin) / });
    expect(boxes.every((b) => (b as HTMLInputElement).checked)).toBe(true);

    fireEvent.click(screen.getByTestId('wallet-finder-select-all'));
    expect(button('wallet-finder-import').disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: `Select Bitcoin ${BTC}` }));
    expect(button('wallet-finder-dismiss').disabled).toBe(false);
    expect((screen.getByTestId('wallet-finder-select-all') as HTMLInputElement).checked).toBe(false);
  });

  it('imports the selected addresses, clears the selection and refetches the list', async () => {
    const fetchMock = stubServer(found);
    renderWithProviders(<WalletFinderCard />, { route: '/wallets' });
    await screen.findAllByTestId('wallet-finder-row');
    fireEvent.click(screen.getByRole('checkbox', { name: `Select Ethereum ${ETH}` }));
    fireEvent.click(button('wallet-finder-import'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));

    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/wallets/v1/wallet_finders/import_wallets');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ wallets: [{ coin: 'eth', address: ETH }] });
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/address_list'))).toHaveLength(2),
    );
    await waitFor(() => expect(button('wallet-finder-import').disabled).toBe(true));
    const box = screen.getByRole('checkbox', { name: `Select Ethereum ${ETH}` }) as HTMLInputElement;
    expect(box.checked).toBe(false);
  });
});
