import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '@/config/theme';

function Providers({ client, route, children }: { client: QueryClient; route: string; children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * Renders inside Mantine, a fresh query client and a memory router. `client`: another query client,
 * such as the app's own (createQueryClient: its 30-second staleTime decides what refetches on mount).
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', client: given, ...options }: RenderOptions & { route?: string; client?: QueryClient } = {},
) {
  const client =
    given ??
    new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
  const result = render(
    <Providers client={client} route={route}>
      {ui}
    </Providers>,
    options,
  );
  return { client, ...result };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
