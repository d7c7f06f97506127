import {
  type UpdateTransactionBody,
  updateTransaction,
  updateTransactionV5,
} from '@lotwise/contracts/transactions/edit/update';
import type { ListTransactionsResponse } from '@lotwise/contracts/transactions/list-transactions';
import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionsKeys } from '@/lib/api/transactions/keys';
import { callApi } from '@/lib/api-client';
import type { EditorKind } from '../../utils/edit-form';

/** Replaces the returned rows wherever a cached list page shows them; false if a page lacked one. */
export function patchListRows(client: QueryClient, rows: TransactionRow[]): boolean {
  if (rows.length === 0) return false;
  const byId = new Map(rows.map((r) => [r.id, r]));
  let patched = false;
  client.setQueriesData<ListTransactionsResponse>({ queryKey: [...transactionsKeys.all, 'list'] }, (page) => {
    if (!page) return page;
    let hit = false;
    const transactions = page.transactions.map((t) => {
      const next = byId.get(t.id);
      if (!next) return t;
      hit = true;
      return next;
    });
    if (!hit) return page;
    patched = true;
    return {
      ...page,
      transactions,
      // The edit is now newer than the latest calculation: the recently-changed notice shows.
      transactions_updated: true,
      transactions_ids: {
        ...page.transactions_ids,
        ...Object.fromEntries(rows.map((r) => [String(r.id), r.ignored])),
      },
    };
  });
  return patched;
}

/**
 * The edit dialog's save: the legacy editor posts to /transaction/update, the revamped one to
 * /updatev5. On success the changed rows are patched in place (else the list is refetched)
 * and the counts and the recalculation flag are re-read (spec 02 §4).
 */
export function useUpdateTransaction(editor: EditorKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTransactionBody) =>
      callApi(editor === 'legacy' ? updateTransaction : updateTransactionV5, { body }),
    // The dialog shows failures in its own red alert (spec 02 §8).
    meta: { inlineError: true },
    onSuccess: async (res) => {
      if (!patchListRows(client, res.data.updated_rows)) {
        await client.invalidateQueries({ queryKey: [...transactionsKeys.all, 'list'] });
      }
      await Promise.all([
        client.invalidateQueries({ queryKey: [...transactionsKeys.all, 'stats'] }),
        client.invalidateQueries({ queryKey: transactionsKeys.visibilityStats() }),
        client.invalidateQueries({ queryKey: transactionsKeys.canRecalculate() }),
      ]);
    },
  });
}
