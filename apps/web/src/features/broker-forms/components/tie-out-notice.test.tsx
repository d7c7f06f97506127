import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { taxKeys } from '@/lib/api/tax/keys';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { TieOutNotice } from './tie-out-notice';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const details = (calculated: boolean) => ({
  status: 'success',
  data: {
    tax_year: 2025,
    stale_reasons: [],
    tax_calculated: calculated,
    need_tax_calculation: false,
    taxable_or_incoming: true,
    total_transactions: 3,
    first_import: false,
    last_calculated_at: calculated ? '2026-12-04T03:00:00.000Z' : null,
    trace_id: 'trace-1',
  },
});

describe('TieOutNotice', () => {
  it('reads the tax details again when the poll sees the calculation end, with no socket', async () => {
    let finished = false;
    const fetchMock = vi.fn(async (url: string) => {
      if (url.startsWith('/api/imports/v1/tax_calculations/details')) return jsonResponse(details(finished));
      if (url.startsWith('/api/traces/check_tax_calculation')) {
        // The server finishes the calculation between the first and the second poll.
        const state = finished ? 'complete' : 'running';
        finished = true;
        const data = { trace_id: 'trace-1', state, tax_calculated: state === 'complete', tax_year: 2025 };
        return jsonResponse({ status: 'success', data: { ...data, progress: 50, message: null } });
      }
      return jsonResponse({ status: 'error', errors: [] }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    const detailCalls = () =>
      fetchMock.mock.calls.filter(([u]) => u.startsWith('/api/imports/v1/tax_calculations/details')).length;
    // The app's own query client: with its 30-second staleTime nothing else reads the details soon.
    const client = createQueryClient();
    // A year's results cached before the calculation (the one-year page's): stale once it ends.
    client.setQueryData(taxKeys.year(2024), { cached: 'before the calculation' });
    renderWithProviders(<TieOutNotice calculatedAt="2026-12-01T10:00:00.000Z" />, { client });
    expect(client.getQueryState(taxKeys.year(2024))?.isInvalidated).toBe(false);
    await screen.findByTestId('tie-out-recalculating');
    expect(detailCalls()).toBe(1);
    // The tie-out follows the details' calculation: read again, the page shows the new one's lines.
    await waitFor(() => expect(detailCalls()).toBe(2), { timeout: 4_000 });
    expect(screen.queryByTestId('tie-out-recalculating')).toBeNull();
    expect(client.getQueryState(taxKeys.year(2024))?.isInvalidated).toBe(true);
  });
});
