import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { importsKeys } from '@/lib/api/imports/keys';
import { useDeleteImportHistory } from '../api/delete-import-history';
import { useDeleteImportSource } from '../api/delete-import-source';
import { useDeletionStatus } from '../api/get-deletion-status';

type Kind = 'account' | 'source';

const TEXT: Record<Kind, { confirm: string; title: string; ok: string; failed: string }> = {
  account: {
    title: 'Delete Account',
    confirm: 'Are you sure you want to delete this account?',
    ok: 'Account deleted successfully',
    failed: 'Account deletion failed',
  },
  source: {
    title: 'Delete Source',
    confirm: 'Are you sure you want to delete this source?',
    ok: 'Source deleted successfully',
    failed: 'Source deletion failed',
  },
};

/**
 * Delete an account or one upload (spec 01 §4, §8): confirm, start the deletion job, poll its
 * progress every second, then toast the outcome and run the delete callbacks.
 */
export function useDeleteImport(onDeleted?: (kind: Kind, id: number) => void) {
  const client = useQueryClient();
  const deleteAccount = useDeleteImportHistory();
  const deleteSource = useDeleteImportSource();
  const [running, setRunning] = useState<{ kind: Kind; id: number; startedAt: number } | null>(null);
  const status = useDeletionStatus(running !== null);
  const callback = useRef(onDeleted);
  callback.current = onDeleted;

  useEffect(() => {
    if (!running) return;
    if (status.isError) {
      notifications.show({ color: 'red', message: TEXT[running.kind].failed });
      setRunning(null);
      return;
    }
    const data = status.data;
    if (!data || data.in_progress || status.dataUpdatedAt < running.startedAt) return;
    const failed = data.message.startsWith('Deletion failed');
    notifications.show({
      color: failed ? 'red' : 'teal',
      message: failed ? TEXT[running.kind].failed : TEXT[running.kind].ok,
    });
    setRunning(null);
    void client.invalidateQueries({ queryKey: importsKeys.all });
    if (!failed) callback.current?.(running.kind, running.id);
  }, [running, status.data, status.dataUpdatedAt, status.isError, client]);

  const start = (kind: Kind, id: number) => {
    const mutation = kind === 'account' ? deleteAccount : deleteSource;
    mutation.mutate(id, {
      onSuccess: () => {
        setRunning({ kind, id, startedAt: Date.now() });
        void client.invalidateQueries({ queryKey: importsKeys.deletionStatus() });
      },
      onError: () => notifications.show({ color: 'red', message: TEXT[kind].failed }),
    });
  };

  const confirm = (kind: Kind, id: number, name: string) =>
    modals.openConfirmModal({
      title: TEXT[kind].title,
      children: (
        <Text fz="sm">
          {TEXT[kind].confirm} {name} and the transactions it brought in will be removed.
        </Text>
      ),
      labels: { confirm: TEXT[kind].title, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => start(kind, id),
    });

  return {
    confirmDeleteAccount: (id: number, name: string) => confirm('account', id, name),
    confirmDeleteSource: (id: number, name: string) => confirm('source', id, name),
    deleting: running !== null || deleteAccount.isPending || deleteSource.isPending,
    message: status.data?.in_progress ? status.data.message : 'Deleting…',
  };
}
