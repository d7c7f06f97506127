import type { ImportHistoryRow } from '@lotwise/contracts/imports/import-histories';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ApiKeyForm } from './api-key-form';
import { ImportHistoryTable } from './import-history-table';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ApiKeyForm', () => {
  it('asks KuCoin for its passphrase and sends it with the key', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse({
        status: 'success',
        message: 'KuCoin connected',
        data: { import_history_id: 1, job_id: 2 },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const done = vi.fn();
    renderWithProviders(<ApiKeyForm exchange="kucoin" onDone={done} />);
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'k' } });
    fireEvent.change(screen.getByLabelText('API secret'), { target: { value: 's' } });
    fireEvent.change(screen.getByLabelText('Passphrase'), { target: { value: 'p' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect KuCoin' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(url).toBe('/api/imports/v1/api_imports');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      exchange: 'kucoin',
      api_key: 'k',
      secret: 's',
      passphrase: 'p',
    });
  });

  it('connects the Crypto.com Exchange with a key and a secret only', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse({
        status: 'success',
        message: 'Crypto.com Exchange connected',
        data: { import_history_id: 1, job_id: 2 },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const done = vi.fn();
    renderWithProviders(<ApiKeyForm exchange="cryptocom" onDone={done} />);
    expect(screen.queryByLabelText('Passphrase')).toBeNull();
    expect(screen.getByText(/User Center → API: a key with only “Can Read”/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'k' } });
    fireEvent.change(screen.getByLabelText('Secret key'), { target: { value: 's' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Crypto.com Exchange' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ exchange: 'cryptocom', api_key: 'k', secret: 's' });
  });

  it('has no passphrase for Binance, and a text area for Coinbase’s PEM secret', () => {
    const { unmount } = renderWithProviders(<ApiKeyForm exchange="binance" onDone={() => {}} />);
    expect(screen.queryByLabelText('Passphrase')).toBeNull();
    expect(screen.getByRole('button', { name: 'Connect Binance' })).toBeTruthy();
    unmount();
    renderWithProviders(<ApiKeyForm exchange="coinbase" onDone={() => {}} />);
    expect(screen.getByLabelText('Private key (secret)').tagName).toBe('TEXTAREA');
  });
});

describe('ImportHistoryTable', () => {
  it('shows the warning kept for a key that can trade', () => {
    const row: ImportHistoryRow = {
      id: 7,
      account_name: 'Binance',
      account_slug: 'binance',
      type: 'api',
      last_synced_at: null,
      total_transactions: 3,
      file_name: null,
      custom_name: null,
      import_options: ['api'],
      import_status: 'complete',
      blockchain_url: null,
      expandable: true,
      us_based: false,
      resync_id: null,
      source_id: null,
      resync_disabled: true,
      api_code: null,
      progress: 100,
      api_warning: 'This Binance API key can also trade.',
      failure_reason: null,
      row_errors: 0,
    };
    const actions = { onAddFile: () => {}, onRename: () => {}, onDelete: () => {} };
    renderWithProviders(<ImportHistoryTable rows={[row]} actions={actions} />);
    expect(screen.getByTestId('api-key-warning').getAttribute('aria-label')).toBe(
      'This Binance API key can also trade.',
    );
    expect(screen.queryByTestId('account-failure')).toBeNull();
  });

  it('a failed account says why, with a Retry of the same account (issue 35.8)', () => {
    const row: ImportHistoryRow = {
      id: 8,
      account_name: 'Kraken',
      account_slug: 'kraken',
      type: 'api',
      last_synced_at: null,
      total_transactions: 0,
      file_name: null,
      custom_name: null,
      import_options: ['api'],
      import_status: 'failed',
      blockchain_url: null,
      expandable: true,
      us_based: false,
      resync_id: null,
      source_id: null,
      resync_disabled: true,
      api_code: null,
      progress: 100,
      api_warning: null,
      failure_reason: 'Kraken service is not currently responding, please try again in a bit.',
      row_errors: 0,
    };
    const actions = { onAddFile: () => {}, onRename: () => {}, onDelete: () => {} };
    renderWithProviders(<ImportHistoryTable rows={[row]} actions={actions} />);
    expect(screen.getByTestId('account-failure').textContent).toContain(
      'Kraken service is not currently responding, please try again in a bit.',
    );
    expect(screen.getByRole('button', { name: 'Retry Kraken' })).toBeTruthy();
  });
});
