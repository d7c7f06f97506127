import {
  type BulkByFilterInput,
  bulkByFilter,
  bulkJobStatus,
  bulkUndo,
  bulkUpdateTransactions,
} from '@lotwise/contracts/transactions/edit/bulk';
import { toggleIgnore } from '@lotwise/contracts/transactions/edit/calls';
import {
  groupTransactions,
  markGroupStaking,
  reclassifySwitchTrade,
  type SwitchTradeType,
  ungroupTransaction,
} from '@lotwise/contracts/transactions/edit/group';
import type { UserDefinedType } from '@lotwise/contracts/transactions/edit/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { transactionsKeys } from '@/lib/api/transactions/keys';
import { callApi } from '@/lib/api-client';

/** After a bulk or group change the list, its counts and the recalculation flag are stale. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: transactionsKeys.all });
}

/** This page's selection: a type mark (ids) or ignore / enable. */
export function useBulkSelected() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { ids: number[]; action: 'type' | 'ignore' | 'enable'; type?: UserDefinedType }) =>
      input.action === 'type'
        ? callApi(bulkUpdateTransactions, { body: { ids: input.ids, sub_category: input.type ?? '' } })
        : callApi(toggleIgnore, { body: { ids: input.ids, is_ignore: input.action === 'ignore' } }),
    onSettled: refresh,
  });
}

/** All pages: the list's filter goes to the server, which runs the change as a job. */
export function useBulkByFilter() {
  return useMutation({
    mutationFn: (body: BulkByFilterInput) => callApi(bulkByFilter, { body }),
  });
}

/** The job's status, polled once a second until it ends (the realtime channel nudges it sooner). */
export function useBulkJob(jobId: number | null) {
  return useQuery({
    queryKey: [...transactionsKeys.all, 'bulk-job', jobId],
    queryFn: () => callApi(bulkJobStatus, { params: { id: jobId ?? 0 } }),
    enabled: jobId !== null,
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      return s === 'succeeded' || s === 'failed' || s === 'superseded' ? false : 1000;
    },
  });
}

export function useGroupTransactions() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(groupTransactions, { body: { ids } }),
    onSettled: refresh,
  });
}

export function useUngroupTransaction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callApi(ungroupTransaction, { body: { id } }),
    onSettled: refresh,
  });
}

export function useGroupStaking() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: {
      id: number;
      type: 'staking_lockup' | 'external_transfer' | 'staking_reward' | 'staking_return';
    }) => callApi(markGroupStaking, { body: input }),
    onSettled: refresh,
  });
}

export function useReclassifySwitchTrade() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { group_id: number; type: SwitchTradeType }) =>
      callApi(reclassifySwitchTrade, { body: input }),
    onSettled: refresh,
  });
}

/** Undo of a finished all-pages change: another job, followed like the change was. */
export function useBulkUndo() {
  return useMutation({
    mutationFn: (jobId: number) => callApi(bulkUndo, { params: { id: jobId } }),
  });
}
