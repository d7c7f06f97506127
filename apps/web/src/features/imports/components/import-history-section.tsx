import type { ImportHistoryRow } from '@lotwise/contracts/imports/import-histories';
import { Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useImportHistories } from '@/lib/api/imports/list-import-histories';
import { errorText } from '@/lib/api-client';
import { nextPage, pagerVisible, showingText } from '@/lib/format/pager';
import { accountLabel } from '@/lib/import-state';
import { useDeleteImport } from '../hooks/use-delete-import';
import { DeletionProgress } from './deletion-progress';
import { ImportHistoryTable } from './import-history-table';
import { RenameDialog } from './rename-dialog';
import { UploadDialog, type UploadTarget } from './upload-dialog';

/** Import history, 50 accounts a page, with the per-account actions and deletion progress. */
export function ImportHistorySection() {
  const [page, setPage] = useState(1);
  const histories = useImportHistories(page);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [uploadTarget, setUploadTarget] = useState<UploadTarget | null>(null);
  const deletion = useDeleteImport();

  const actions = {
    onAddFile: (row: ImportHistoryRow) => setUploadTarget({ title: accountLabel(row), historyId: row.id }),
    onRename: (row: ImportHistoryRow) => setRenaming({ id: row.id, name: accountLabel(row) }),
    onDelete: (row: ImportHistoryRow) => deletion.confirmDeleteAccount(row.id, accountLabel(row)),
  };

  let content: ReactNode;
  if (histories.isPending) content = <LoadingState label="Loading your accounts…" />;
  else if (histories.isError)
    content = <ErrorState message={errorText(histories.error)} onRetry={() => histories.refetch()} />;
  else if (histories.data.data.length === 0)
    content = (
      <EmptyState
        icon={<IconFileImport size={28} />}
        title="No accounts yet"
        description="Pick your exchange or wallet below and upload its export."
      />
    );
  else {
    const { meta } = histories.data;
    content = (
      <Stack gap="sm">
        <ImportHistoryTable rows={histories.data.data} actions={actions} />
        <Group justify="space-between" gap="xs">
          <Text fz="xs" c="dimmed">
            {showingText(meta.current_page, meta.per_page, meta.total_count)}
          </Text>
          {pagerVisible(meta.total_pages) ? (
            <Pagination
              size="sm"
              total={meta.total_pages}
              value={page}
              onChange={(p) => setPage(nextPage(page, p, meta.total_pages))}
            />
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <Card p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} fz="lg" mb="sm">
        Your accounts
      </Title>
      <DeletionProgress deleting={deletion.deleting} message={deletion.message} />
      {content}
      <RenameDialog account={renaming} onClose={() => setRenaming(null)} />
      <UploadDialog target={uploadTarget} onClose={() => setUploadTarget(null)} />
    </Card>
  );
}
