import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { MasqueradeBanner } from './masquerade-banner';
import { SafeHarborBanner } from './safe-harbor-banner';

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MasqueradeBanner', () => {
  it('names the client and offers Exit and Return', () => {
    renderWithProviders(
      <MasqueradeBanner masquerade={{ name: 'Jane Roe', email: 'jane@example.com', uuid: 'u-123' }} />,
    );
    expect(screen.getByRole('status').textContent).toContain(
      'You are viewing Jane Roe jane@example.com u-123',
    );
    expect(screen.getByRole('button', { name: 'Exit and Return' })).toBeTruthy();
  });
});

/** Answers the banner's status call (it applies) and passes every other call to `other`. */
function stubApi(other: (url: string, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    url.startsWith('/api/review/safe_harbor_status') ? jsonResponse({ applies: true }) : other(url, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('SafeHarborBanner', () => {
  it('is shown only where it applies', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ applies: false }));
    renderWithProviders(<SafeHarborBanner dismissedOnServer={false} />);
    await waitFor(() => expect(screen.queryByText(/Safe Harbor 2025/)).toBeNull());
  });

  it('is not shown on the Safe Harbor page itself, which it links to (issue 35.14)', async () => {
    stubApi(async () => jsonResponse({}));
    const { unmount } = renderWithProviders(<SafeHarborBanner dismissedOnServer={false} />, {
      route: '/transactions',
    });
    await screen.findByText(/Safe Harbor 2025/);
    unmount();
    const fetchMock = stubApi(async () => jsonResponse({}));
    renderWithProviders(<SafeHarborBanner dismissedOnServer={false} />, { route: '/safe-harbor' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/Safe Harbor 2025/)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is hidden when dismissed on the server or by the local flag', () => {
    const { unmount } = renderWithProviders(<SafeHarborBanner dismissedOnServer />);
    expect(screen.queryByText(/Safe Harbor 2025/)).toBeNull();
    unmount();
    window.localStorage.setItem('safe_harbor_dismissed', 'true');
    renderWithProviders(<SafeHarborBanner dismissedOnServer={false} />);
    expect(screen.queryByText(/Safe Harbor 2025/)).toBeNull();
  });

  it('persists a dismissal on the server and in the local flag', async () => {
    const fetchMock = stubApi(async () => jsonResponse({ status: 'success' }));
    renderWithProviders(<SafeHarborBanner dismissedOnServer={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss Safe Harbor banner' }));
    await waitFor(() => expect(screen.queryByText(/Safe Harbor 2025/)).toBeNull());
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain('/api/users/dismiss_safe_harbor_banner');
    expect(window.localStorage.getItem('safe_harbor_dismissed')).toBe('true');
  });

  it('stays when the dismissal fails, and only logs it', async () => {
    stubApi(async () =>
      jsonResponse({ status: 'error', code: 'internal', message: 'boom', messages: ['boom'] }, 500),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<SafeHarborBanner dismissedOnServer={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss Safe Harbor banner' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.getByText(/Safe Harbor 2025/)).toBeTruthy();
    expect(window.localStorage.getItem('safe_harbor_dismissed')).toBeNull();
  });
});
