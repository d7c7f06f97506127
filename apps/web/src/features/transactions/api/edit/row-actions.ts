import {
  deleteTransactions,
  resetAnnotationHistory,
  toggleIgnore,
  updateTransactionType,
} from '@lotwise/contracts/transactions/edit/calls';
import type { UserDefinedType } from '@lotwise/contracts/transactions/edit/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionsKeys } from '@/lib/api/transactions/keys';
import { callApi } from '@/lib/api-client';

/** After any row change the list, its counts and the recalculation flag are stale. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: transactionsKeys.all });
}

export function useUpdateTransactionType() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: number; type: UserDefinedType }) =>
      callApi(updateTransactionType, { params: input }),
    onSettled: refresh,
  });
}

export function useToggleIgnore() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { ids: number[]; is_ignore: boolean }) => callApi(toggleIgnore, { body: input }),
    onSettled: refresh,
  });
}

/** Deletes and refreshes without a mounted hook: the confirmation outlives a list refetch. */
export function useDeleteTransactions() {
  const client = useQueryClient();
  return async (ids: number[]) => {
    try {
      return await callApi(deleteTransactions, { body: { ids } });
    } finally {
      await client.invalidateQueries({ queryKey: transactionsKeys.all });
    }
  };
}

export function useResetAnnotations() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (eid: number) => callApi(resetAnnotationHistory, { query: { eid } }),
    onSettled: refresh,
  });
}
