import type { ListTransactionsResponse } from '@lotwise/contracts/transactions/list-transactions';
import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { transactionsKeys } from '@/lib/api/transactions/keys';
import { patchListRows } from './update-transaction';

const row = (id: number, comment: string | null) => ({ id, comment, ignored: false }) as TransactionRow;
const page = (rows: TransactionRow[]) =>
  ({
    transactions: rows,
    transactions_ids: {},
    transactions_updated: false,
  }) as unknown as ListTransactionsResponse;

describe('patchListRows', () => {
  it('replaces the returned rows in every cached page that shows them, and flags the change', () => {
    const client = new QueryClient();
    const a = transactionsKeys.list('legacy', { page: 1 } as never);
    const b = transactionsKeys.list('grouped', { page: 2 } as never);
    client.setQueryData(a, page([row(1, null), row(2, null)]));
    client.setQueryData(b, page([row(3, null)]));
    expect(patchListRows(client, [row(2, 'edited')])).toBe(true);
    const first = client.getQueryData<ListTransactionsResponse>(a);
    expect(first?.transactions.map((t) => t.comment)).toEqual([null, 'edited']);
    expect(first?.transactions_updated).toBe(true);
    expect(client.getQueryData<ListTransactionsResponse>(b)?.transactions_updated).toBe(false);
  });

  it('reports false when no cached page shows the row (the caller then refetches)', () => {
    const client = new QueryClient();
    client.setQueryData(transactionsKeys.list('legacy', { page: 1 } as never), page([row(1, null)]));
    expect(patchListRows(client, [row(9, 'x')])).toBe(false);
    expect(patchListRows(client, [])).toBe(false);
  });
});
