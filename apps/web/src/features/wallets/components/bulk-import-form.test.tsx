import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { BulkImportForm } from './bulk-import-form';

afterEach(() => vi.unstubAllGlobals());

const type = (text: string) =>
  fireEvent.change(screen.getByLabelText('Addresses, one per line'), { target: { value: text } });
const submit = () => screen.getByTestId('bulk-import-submit') as HTMLButtonElement;

describe('BulkImportForm', () => {
  it('counts the lines read and names a wrong line before sending', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<BulkImportForm onDone={() => {}} onCancel={() => {}} />);
    type('eth,0xabc,Main\nbtc:bc1q\n\nmatic,0xdef');
    expect(screen.getByTestId('bulk-import-count').textContent).toBe('3 wallets to import');
    expect(submit().disabled).toBe(false);

    type('eth,0xabc\n0x123');
    expect(screen.getByTestId('bulk-import-line-errors').textContent).toContain(
      'Line 2: write it as chain,address[,name]',
    );
    expect(submit().disabled).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the wallets and lists every line the server rejects, keeping the text', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(
        {
          status: 'error',
          code: 'validation_failed',
          message: 'Line 2 (0x123): address: not a valid Ethereum address',
          messages: [
            'Line 2 (0x123): address: not a valid Ethereum address',
            'Line 3 (zz): coin: unknown chain',
          ],
        },
        400,
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn();
    renderWithProviders(<BulkImportForm onDone={onDone} onCancel={() => {}} />);
    const text = 'eth,0xabc,Main\neth,0x123\nzz,abc';
    type(text);
    fireEvent.click(screen.getByLabelText('US based'));
    fireEvent.click(submit());

    const errors = await screen.findByTestId('bulk-import-errors');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 2 (0x123): address: not a valid Ethereum address', 'Line 3 (zz): coin: unknown chain']);
    expect((screen.getByLabelText('Addresses, one per line') as HTMLTextAreaElement).value).toBe(text);
    expect(onDone).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/wallets/v1/bulk_imports/import_wallets');
    expect(JSON.parse(String(init.body))).toEqual({
      wallets: [
        { coin: 'eth', address: '0xabc', name: 'Main' },
        { coin: 'eth', address: '0x123' },
        { coin: 'zz', address: 'abc' },
      ],
      us_based: true,
    });
  });

  it('closes after a successful import', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          status: 'success',
          message: 'Wallets added to import queue.',
          data: { queued: 1, import_history_ids: [4] },
        }),
      ),
    );
    const onDone = vi.fn();
    renderWithProviders(<BulkImportForm onDone={onDone} onCancel={() => {}} />);
    type('eth,0xabc');
    fireEvent.click(submit());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });
});
