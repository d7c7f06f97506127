import { PAIR_CALLS, type PairKind } from '@lotwise/contracts/transactions/edit/pairs';
import type { ListTransactionsResponse } from '@lotwise/contracts/transactions/list-transactions';
import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { transactionsKeys } from '@/lib/api/transactions/keys';
import { callApi } from '@/lib/api-client';

/**
 * Outside transactionsKeys.all on purpose: once paired, the row has no candidates (the call
 * answers 400), so the refresh after a pair must not ask again.
 */
export const pairKeys = {
  candidates: (kind: PairKind, id: number) => ['pair-candidates', kind, id] as const,
};

/** The transaction and its possible other halves (best first). */
export function usePairCandidates(kind: PairKind, id: number, enabled: boolean) {
  return useQuery({
    queryKey: pairKeys.candidates(kind, id),
    queryFn: () => callApi(PAIR_CALLS[kind].candidates, { params: { id } }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // The dialog shows the error itself.
    meta: { inlineError: true },
  });
}

/**
 * Every cached list page: the matched row becomes the merged row and the partner leaves.
 * Returns false when no cached page held the row (the caller refetches instead).
 */
export function mergeIntoLists(client: QueryClient, row: TransactionRow, partnerId: number): boolean {
  let found = false;
  client.setQueriesData<ListTransactionsResponse>({ queryKey: [...transactionsKeys.all, 'list'] }, (page) => {
    if (!page) return page;
    const has = page.transactions.some((t) => t.id === row.id);
    const hasPartner = page.transactions.some((t) => t.id === partnerId);
    if (!has && !hasPartner) return page;
    found = true;
    return {
      ...page,
      transactions: page.transactions
        .filter((t) => t.id !== partnerId)
        .map((t) => (t.id === row.id ? row : t)),
      transactions_count: page.transactions_count - (hasPartner ? 1 : 0),
      // The recently-changed notice shows without a refetch.
      transactions_updated: true,
    };
  });
  return found;
}

export type MarkInput = { buy_id?: number; sell_id?: number; create_manual?: boolean };

export function useMarkPair(kind: PairKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkInput) => callApi(PAIR_CALLS[kind].mark, { body }),
    meta: { inlineError: true },
    onSuccess: async (res) => {
      const merged = mergeIntoLists(client, res.data.updated_row, res.data.partner_id);
      // Counts and flags always change; the list only when the cache could not be patched.
      await client.invalidateQueries({
        queryKey: transactionsKeys.all,
        predicate: (q) => !merged || q.queryKey[2] !== 'list',
      });
    },
  });
}
