import { notifications } from '@mantine/notifications';
import { waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { AggregatorHandoff } from './aggregator-handoff';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let search = '';
function Where() {
  search = useLocation().search;
  return null;
}

describe('AggregatorHandoff', () => {
  it('posts the aggcode once, says what was added and skipped, and drops the code from the address', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse({
        status: 'success',
        message: '1 account from TaxBridge added: importing their history; 1 could not be added',
        data: {
          accounts: [{ import_history_id: 4, job_id: 9, name: 'Kraken' }],
          skipped: [{ name: 'Mt. Gox', reason: 'mtgox cannot be connected by API key' }],
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const show = vi.spyOn(notifications, 'show');
    renderWithProviders(
      <>
        <AggregatorHandoff />
        <Where />
      </>,
      { route: '/imports?aggcode=abc123&tab=all' },
    );
    await waitFor(() => expect(show).toHaveBeenCalledTimes(2));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/users/process_aggregator');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      aggregator_params: { aggcode: 'abc123' },
    });
    expect(show.mock.calls.map((c) => [c[0].color, c[0].message])).toEqual([
      ['teal', '1 account from TaxBridge added: importing their history; 1 could not be added'],
      ['yellow', 'Mt. Gox: mtgox cannot be connected by API key'],
    ]);
    expect(search).toBe('?tab=all');
  });

  it('says why nothing was imported, and sends nothing without a code', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(
        {
          status: 'error',
          code: 'validation_failed',
          message: 'This link from TaxBridge has expired: ask TaxBridge for a new one. Nothing was imported.',
          messages: [
            'This link from TaxBridge has expired: ask TaxBridge for a new one. Nothing was imported.',
          ],
        },
        400,
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const show = vi.spyOn(notifications, 'show');
    const { unmount } = renderWithProviders(<AggregatorHandoff />, { route: '/?aggcode=old' });
    await waitFor(() => expect(show).toHaveBeenCalledTimes(1));
    expect(show.mock.calls[0]?.[0]).toMatchObject({
      color: 'red',
      message: 'This link from TaxBridge has expired: ask TaxBridge for a new one. Nothing was imported.',
    });
    unmount();
    renderWithProviders(<AggregatorHandoff />, { route: '/imports' });
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
