import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { csrfOf, uploadCsv, waitForImports } from './transactions-helpers.ts';

/** The constructed tie-out fixtures: a Coinbase ledger, a Ledger wallet and Coinbase's 1099-DA. */
export const TIE_OUT = path.resolve(import.meta.dirname, '../../fixtures/1099-da/tie-out');

/**
 * The broker-forms client's data through the API: USD in New York, the Coinbase ledger and the
 * Ledger wallet (a second account), both imported. Returns the CSRF headers for further calls.
 */
export async function importTieOutAccounts(context: BrowserContext): Promise<{ 'x-csrf-token': string }> {
  const csrf = await csrfOf(context);
  const headers = { 'x-csrf-token': csrf };
  await context.request.post('/api/currency', {
    data: { currency: 'USD', timezone: 'America/New_York' },
    headers,
  });
  const read = (name: string) => readFileSync(path.join(TIE_OUT, name), 'utf8');
  await uploadCsv(context, csrf, 'coinbase.csv', read('coinbase-ledger.csv'), { custom_name: 'Coinbase' });
  await waitForImports(context, 1);
  await uploadCsv(context, csrf, 'ledger.csv', read('ledger-wallet.csv'), {
    custom_name: 'Ledger',
    new_account: 'true',
  });
  await waitForImports(context, 2);
  return headers;
}
