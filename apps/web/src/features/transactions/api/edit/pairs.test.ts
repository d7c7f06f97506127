import type { ListTransactionsResponse } from '@lotwise/contracts/transactions/list-transactions';
import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { transactionsKeys } from '@/lib/api/transactions/keys';
import { mergeIntoLists } from './pairs';

const row = (id: number, type = 'sell') => ({ id, type }) as TransactionRow;
const page = (rows: TransactionRow[]) =>
  ({
    transactions: rows,
    transactions_count: 10,
    transactions_updated: false,
  }) as unknown as ListTransactionsResponse;

describe('mergeIntoLists', () => {
  it('replaces the matched row with the merged one and drops the partner from every cached page', () => {
    const client = new QueryClient();
    const a = transactionsKeys.list('grouped', { page: 1 } as never);
    const b = transactionsKeys.list('grouped', { page: 2 } as never);
    const c = transactionsKeys.list('legacy', { page: 1 } as never);
    client.setQueryData(a, page([row(1), row(2, 'buy'), row(3)]));
    client.setQueryData(b, page([row(5, 'buy')]));
    client.setQueryData(c, page([row(7)]));
    expect(mergeIntoLists(client, row(1, 'transfer'), 5)).toBe(true);
    const first = client.getQueryData<ListTransactionsResponse>(a);
    expect(first?.transactions.map((t) => [t.id, t.type])).toEqual([
      [1, 'transfer'],
      [2, 'buy'],
      [3, 'sell'],
    ]);
    expect(first?.transactions_updated).toBe(true);
    const second = client.getQueryData<ListTransactionsResponse>(b);
    expect([second?.transactions.length, second?.transactions_count]).toEqual([0, 9]);
    expect(client.getQueryData<ListTransactionsResponse>(c)?.transactions_updated).toBe(false);
  });

  it('reports false when no cached page shows either row (the caller refetches)', () => {
    const client = new QueryClient();
    client.setQueryData(transactionsKeys.list('grouped', { page: 1 } as never), page([row(1)]));
    expect(mergeIntoLists(client, row(8, 'transfer'), 9)).toBe(false);
  });
});
