import { BULK_JOB_NAME, BULK_UPDATE_MESSAGE } from '@lotwise/contracts/transactions/edit/bulk';
import { GROUP_MESSAGE } from '@lotwise/contracts/transactions/edit/group';
import type { UserDefinedType } from '@lotwise/contracts/transactions/edit/types';
import type { ListTransactionsInput } from '@lotwise/contracts/transactions/list-transactions';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSaveBulkEditPreference } from '@/lib/api/settings/bulk-edit-preference';
import { transactionsKeys } from '@/lib/api/transactions/keys';
import { errorText } from '@/lib/api-client';
import { subscribeRealtime } from '@/lib/realtime';
import {
  useBulkByFilter,
  useBulkJob,
  useBulkSelected,
  useBulkUndo,
  useGroupTransactions,
} from '../api/edit/bulk';
import type { BulkScope } from '../components/bulk/preference-modal';

export interface BulkRequest {
  action: 'type' | 'ignore' | 'enable';
  type?: UserDefinedType;
}

interface Options {
  selection: Set<number>;
  clearSelection: () => void;
  /** Rows matching the list's filter, and the page size: more than a page asks for a scope. */
  count: number;
  pageSize: number;
  preference: BulkScope | null;
  /** The list request's body: an all-pages change runs by it. */
  filter: ListTransactionsInput;
  /** The selectable rows of this page. */
  pageIds: number[];
}

const successText = (r: BulkRequest) =>
  r.action === 'type' ? BULK_UPDATE_MESSAGE : `Bulk ${r.action} successful`;
const failed = (error: unknown) => notifications.show({ color: 'red', message: errorText(error) });

/**
 * Bulk actions of the list (spec 02 §4): this page's selection by ids, or every matching
 * row by filter as a job with progress; the preference dialog first when the selection
 * spans pages and no preference is saved.
 */
export function useBulkActions(o: Options) {
  const client = useQueryClient();
  const selected = useBulkSelected();
  const byFilter = useBulkByFilter();
  const combine = useGroupTransactions();
  const savePref = useSaveBulkEditPreference();
  const [pending, setPending] = useState<BulkRequest | null>(null);
  const [job, setJob] = useState<{ id: number; request: BulkRequest; undo?: boolean } | null>(null);
  const undo = useBulkUndo();
  const [live, setLive] = useState<{ progress: number; message: string | null } | null>(null);
  const status = useBulkJob(job?.id ?? null);

  // Progress events of this job on the realtime channel (the status poll is the fallback).
  useEffect(() => {
    if (!job) return;
    return subscribeRealtime((m) => {
      if (m.event !== 'job' || m.data?.name !== BULK_JOB_NAME || m.data.id !== job.id) return;
      setLive({ progress: Number(m.data.progress ?? 0), message: (m.data.message as string | null) ?? null });
      if (m.data.status === 'succeeded' || m.data.status === 'failed') void status.refetch();
    });
  }, [job, status.refetch]);

  const state = status.data?.status;
  useEffect(() => {
    if (!job || (state !== 'succeeded' && state !== 'failed')) return;
    if (state === 'succeeded' && job.undo)
      notifications.show({ color: 'green', message: 'Bulk change undone' });
    else if (state === 'succeeded') {
      // An all-pages change touches rows the user never saw: it can be undone in one step.
      const id = `bulk-done-${job.id}`;
      notifications.show({
        id,
        color: 'green',
        autoClose: 15_000,
        message: (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fz="sm">
              {successText(job.request)} ({status.data?.result?.updated ?? 0} transactions)
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => {
                notifications.hide(id);
                undo.mutate(job.id, {
                  onSuccess: (res) => {
                    setLive({ progress: 0, message: null });
                    setJob({ id: res.data.job_id, request: job.request, undo: true });
                  },
                  onError: failed,
                });
              }}
            >
              Undo
            </Button>
          </Group>
        ),
      });
    } else notifications.show({ color: 'red', message: status.data?.error ?? 'Bulk change failed' });
    setJob(null);
    setLive(null);
    o.clearSelection();
    void client.invalidateQueries({ queryKey: transactionsKeys.all });
  }, [job, state, status.data?.error, status.data?.result?.updated, client, o.clearSelection, undo.mutate]);

  const execute = (request: BulkRequest, scope: BulkScope) => {
    if (scope === 'all_pages') {
      byFilter.mutate(
        { action: request.action, type: request.type, filter: o.filter },
        {
          onSuccess: (res) => {
            setLive({ progress: 0, message: null });
            setJob({ id: res.data.job_id, request });
          },
          onError: failed,
        },
      );
      return;
    }
    selected.mutate(
      { ids: [...o.selection], ...request },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: successText(request) });
          o.clearSelection();
        },
        onError: failed,
      },
    );
  };

  return {
    busy: selected.isPending || byFilter.isPending || combine.isPending || undo.isPending || job !== null,
    pending,
    progress: job
      ? {
          label: job.undo
            ? 'Undoing'
            : job.request.action === 'type'
              ? 'Updating'
              : job.request.action === 'ignore'
                ? 'Ignoring'
                : 'Enabling',
          percent: Math.max(live?.progress ?? 0, status.data?.progress ?? 0),
          message: live?.message ?? status.data?.message ?? null,
        }
      : null,
    run(request: BulkRequest) {
      const wholePage = o.pageIds.length > 0 && o.pageIds.every((id) => o.selection.has(id));
      if (o.count <= o.pageSize) execute(request, 'single_page');
      else if (o.preference === 'all_pages' && !wholePage) execute(request, 'single_page');
      else if (o.preference) execute(request, o.preference);
      else setPending(request);
    },
    cancel: () => setPending(null),
    proceed(scope: BulkScope, save: boolean) {
      const request = pending;
      setPending(null);
      if (save) savePref.mutate(scope, { onError: failed });
      if (request) execute(request, scope);
    },
    combine() {
      combine.mutate([...o.selection], {
        onSuccess: () => {
          notifications.show({ color: 'green', message: GROUP_MESSAGE });
          o.clearSelection();
        },
        onError: failed,
      });
    },
  };
}
