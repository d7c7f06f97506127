import type { ImportHistoryRow } from '@lotwise/contracts/imports/import-histories';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { accountLabel, countNoun, formatSyncDate, importTypeLabel } from '@/lib/import-state';
import { useDeleteImport } from '../hooks/use-delete-import';
import { AccountActionsMenu } from './account-actions-menu';
import { AccountFailure } from './account-failure';
import { DeletionProgress } from './deletion-progress';
import { ImportHistoryTable } from './import-history-table';
import { ImportStatus } from './import-status';
import { RenameDialog } from './rename-dialog';
import { SourcesSection } from './sources-section';
import { UploadDialog, type UploadTarget } from './upload-dialog';

interface WalletDetailProps {
  rows: readonly ImportHistoryRow[];
  selected: ImportHistoryRow | null;
  onDeleted: () => void;
}

/** The right side of /wallets: all accounts, or one account with its uploads. */
export function WalletDetail({ rows, selected, onDeleted }: WalletDetailProps) {
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [uploadTarget, setUploadTarget] = useState<UploadTarget | null>(null);
  const deletion = useDeleteImport((kind) => kind === 'account' && onDeleted());
  const actions = {
    onAddFile: (row: ImportHistoryRow) => setUploadTarget({ title: accountLabel(row), historyId: row.id }),
    onRename: (row: ImportHistoryRow) => setRenaming({ id: row.id, name: accountLabel(row) }),
    onDelete: (row: ImportHistoryRow) => deletion.confirmDeleteAccount(row.id, accountLabel(row)),
  };
  const total = rows.reduce((n, r) => n + r.total_transactions, 0);

  return (
    <Card p={{ base: 'sm', sm: 'lg' }}>
      <DeletionProgress deleting={deletion.deleting} message={deletion.message} />
      {selected ? (
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Title order={2} fz="lg">
                  {accountLabel(selected)}
                </Title>
                {selected.us_based ? (
                  <Badge size="xs" variant="outline" color="navy">
                    US
                  </Badge>
                ) : null}
              </Group>
              <Text fz="sm" c="dimmed">
                {importTypeLabel(selected.type)} · {countNoun(selected.total_transactions, 'transaction')} ·
                last synced {formatSyncDate(selected.last_synced_at)}
              </Text>
              {selected.import_status === 'complete' ? null : (
                <ImportStatus status={selected.import_status} progress={selected.progress} />
              )}
              <AccountFailure row={selected} />
            </Stack>
            <AccountActionsMenu row={selected} actions={actions} />
          </Group>
          <SourcesSection accounts={[selected]} showAccount={false} compact />
        </Stack>
      ) : (
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="lg">
              All Assets
            </Title>
            <Text fz="sm" c="dimmed">
              {countNoun(rows.length, 'account')} · {countNoun(total, 'transaction')}
            </Text>
          </Stack>
          <ImportHistoryTable rows={[...rows]} actions={actions} />
        </Stack>
      )}
      <RenameDialog account={renaming} onClose={() => setRenaming(null)} />
      <UploadDialog target={uploadTarget} onClose={() => setUploadTarget(null)} />
    </Card>
  );
}
