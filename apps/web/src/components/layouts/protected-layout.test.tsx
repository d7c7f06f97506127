import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/config/theme';
import { COOKIES, deleteCookie } from '@/lib/cookies';
import { jsonResponse } from '@/testing/test-utils';
import { ProtectedLayout } from './protected-layout';

const user = {
  id: 1,
  uuid: 'u-1',
  email: 'ada@example.com',
  username: null,
  first_name: 'Ada',
  last_name: null,
  roles: ['customer'],
  onboarded: true,
  onboarding_step: 5,
  transaction_uploaded: false,
  combined_page: false,
  resync_reminder: false,
  country_code: 'US',
  currency: 'USD',
  timezone: 'UTC',
  mfa_enabled: false,
  safe_harbor_dismissed: false,
  email_notifications: false,
  switch_notifications: false,
  bulk_edit_preference: null,
  created_at: '2026-01-01T00:00:00Z',
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <Where /> },
      { path: '/onboarding/step-1', element: <Where /> },
      { path: '/onboarding/step-4', element: <Where /> },
      { element: <ProtectedLayout />, children: [{ path: '*', element: <Where /> }] },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function session(u: typeof user | null) {
  vi.stubGlobal('fetch', async () => jsonResponse({ user: u, csrf_token: 't', masquerade: null }));
}

beforeEach(() => {
  for (const name of Object.values(COOKIES)) deleteCookie(name);
});
afterEach(() => vi.unstubAllGlobals());

describe('ProtectedLayout', () => {
  it('sends logged-out users to /login with the page as redirect, and remembers it', async () => {
    session(null);
    renderAt('/tax?year=2024');
    expect((await screen.findByTestId('where')).textContent).toBe('/login?redirect=%2Ftax%3Fyear%3D2024');
    expect(document.cookie).toContain('lotwise_redirect=');
  });

  it('shows the page to an onboarded customer', async () => {
    session(user);
    renderAt('/transactions');
    expect((await screen.findByTestId('where')).textContent).toBe('/transactions');
  });

  it('sends a customer who is not onboarded to step 1', async () => {
    session({ ...user, onboarded: false, onboarding_step: 1 });
    renderAt('/transactions');
    expect((await screen.findByTestId('where')).textContent).toBe('/onboarding/step-1');
  });

  it('sends a customer who left onboarding at step 4 back to step 4, as the server keeps it (issue 35.14)', async () => {
    session({ ...user, onboarded: false, onboarding_step: 4 });
    renderAt('/transactions');
    expect((await screen.findByTestId('where')).textContent).toBe('/onboarding/step-4');
  });

  it('shows the unauthorised screen without a page role', async () => {
    session({ ...user, roles: [] });
    renderAt('/transactions');
    expect(await screen.findByText("OH SNAP! You're not supposed to be here.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get me out!' })).toBeTruthy();
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderAt('/transactions');
    expect(await screen.findByText('Cannot reach Lotwise')).toBeTruthy();
  });
});
