import type { ImportHistoryRow } from '@lotwise/contracts/imports/import-histories';
import { describe, expect, it } from 'vitest';
import {
  accountLabel,
  allImportsComplete,
  countNoun,
  importFailedText,
  importHistoryTarget,
  isFirstImport,
  sortSidebarAccounts,
  toSidebarAccount,
  uploadErrorText,
} from './import-state';

function row(over: Partial<ImportHistoryRow>): ImportHistoryRow {
  return {
    id: 1,
    account_name: 'Coinbase',
    account_slug: 'coinbase',
    type: 'csv',
    last_synced_at: null,
    total_transactions: 3,
    file_name: 'a.csv',
    custom_name: null,
    import_options: ['csv'],
    import_status: 'complete',
    blockchain_url: null,
    expandable: true,
    us_based: true,
    resync_id: null,
    source_id: 1,
    resync_disabled: true,
    api_code: null,
    progress: 100,
    api_warning: null,
    failure_reason: null,
    row_errors: 0,
    ...over,
  };
}

describe('import state', () => {
  it('is complete when every row is complete', () => {
    expect(allImportsComplete([])).toBe(true);
    expect(allImportsComplete([row({}), row({ import_status: 'in-progress' })])).toBe(false);
    expect(allImportsComplete([row({}), row({})])).toBe(true);
  });

  it('is the first import when exactly one account exists and it is in progress', () => {
    expect(isFirstImport([row({ import_status: 'in-progress' })])).toBe(true);
    expect(isFirstImport([row({})])).toBe(false);
    expect(isFirstImport([row({ import_status: 'in-progress' }), row({})])).toBe(false);
    expect(isFirstImport([])).toBe(false);
  });

  it('sorts empty accounts last and keeps the order otherwise', () => {
    const accounts = [
      row({ id: 1, total_transactions: 0 }),
      row({ id: 2, total_transactions: 5 }),
      row({ id: 3, total_transactions: 0, import_status: 'in-progress' }),
      row({ id: 4, total_transactions: 1 }),
    ].map(toSidebarAccount);
    expect(sortSidebarAccounts(accounts).map((a) => a.value)).toEqual(['2', '3', '4', '1']);
  });

  it('goes to the saved import path when history exists, else to the landing page', () => {
    expect(importHistoryTarget(false, '/wallets', '/imports')).toBe('/');
    expect(importHistoryTarget(true, '/wallets', '/imports')).toBe('/wallets');
    expect(importHistoryTarget(true, null, '/imports')).toBe('/imports');
    expect(importHistoryTarget(true, '//evil.example', '/imports')).toBe('/imports');
  });

  it('names accounts and failures', () => {
    expect(accountLabel({ custom_name: ' ', account_name: 'Kraken' })).toBe('Kraken');
    expect(accountLabel({ custom_name: 'Savings', account_name: 'Kraken' })).toBe('Savings');
    expect(importFailedText('Kraken')).toBe(
      'Kraken import failed, please try again and contact customer support if the issue persists.',
    );
    expect(uploadErrorText('file: unrecognised file layout: x')).toBe('Unrecognised file layout: x');
  });
});

describe('countNoun', () => {
  it('uses the singular for one', () => {
    expect(countNoun(1, 'transaction')).toBe('1 transaction');
    expect(countNoun(2000, 'transaction')).toBe('2,000 transactions');
  });
});
