import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import type { UploadItem } from '../hooks/use-uploads';
import { PAUSED_TEXT, UploadItemCard } from './upload-item-card';

afterEach(() => vi.unstubAllGlobals());

const item: UploadItem = {
  key: 'k',
  fileName: 'coinbase.csv',
  size: 10,
  stage: 'processing',
  uploadPercent: 100,
  jobProgress: 40,
  jobMessage: null,
  historyId: 3,
  fileId: 9,
  jobId: 4,
  jobPaused: false,
  error: null,
};

const source = {
  id: 9,
  group_id: 3,
  account_name: 'Coinbase',
  account_slug: 'coinbase',
  blockchain_url: null,
  last_sync: null,
  total: 0,
  parsed: 0,
  import_status: 'in-progress',
  status_code: null,
  file_name: 'coinbase.csv',
  file_type: 'csv',
  custom_name: null,
  us_based: false,
  error_count: 0,
  note_count: 0,
  allow_resync_new: false,
  resync_disabled: true,
  api_code: null,
  added: 0,
  duplicates: 0,
  skipped: 0,
  format: null,
  message: null,
};

const limit = (paused: number[]) => ({
  billing_enabled: true,
  limit: 50,
  transaction_count: 50,
  paused: paused.map((id) => ({
    import_file_id: id,
    import_history_id: 3,
    account_name: 'Coinbase',
    file_name: 'coinbase.csv',
    needed: 120,
  })),
  upgrade_possible: true,
  tax_year: 2024,
});

function stub(statusCode: string | null, paused: number[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith('/api/billing/import_limit')
        ? jsonResponse(limit(paused))
        : jsonResponse({ data: { source: { ...source, status_code: statusCode }, errors: [] } }),
    ),
  );
}

describe('UploadItemCard', () => {
  it('reads paused when the free import limit paused the file', async () => {
    stub('paused', [9]);
    renderWithProviders(<UploadItemCard item={item} onDismiss={() => {}} />);
    expect((await screen.findByTestId('upload-paused')).textContent).toBe(PAUSED_TEXT);
    expect(screen.getByTestId('upload-item').getAttribute('data-status')).toBe('paused');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads paused from the job too', async () => {
    stub(null, []);
    renderWithProviders(<UploadItemCard item={{ ...item, jobPaused: true }} onDismiss={() => {}} />);
    expect(await screen.findByTestId('upload-paused')).toBeTruthy();
  });

  it('keeps importing otherwise', async () => {
    stub(null, []);
    renderWithProviders(<UploadItemCard item={item} onDismiss={() => {}} />);
    expect(screen.getByTestId('upload-item').getAttribute('data-status')).toBe('importing');
    expect(screen.queryByTestId('upload-paused')).toBeNull();
  });
});
