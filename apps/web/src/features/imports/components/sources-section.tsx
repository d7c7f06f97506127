import type { ImportHistoryRow, ImportSourceRow } from '@lotwise/contracts/imports/import-histories';
import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { useAllSources } from '../hooks/use-all-sources';
import { useDeleteImport } from '../hooks/use-delete-import';
import { DeletionProgress } from './deletion-progress';
import { SourcesTable } from './sources-table';

/** Every upload of the given accounts, with delete (and its progress). */
export function SourcesSection({
  accounts,
  showAccount = true,
  compact = false,
}: {
  accounts: readonly ImportHistoryRow[];
  showAccount?: boolean;
  compact?: boolean;
}) {
  const { sources, isPending, error, refetch } = useAllSources(accounts);
  const deletion = useDeleteImport();
  const onDelete = (s: ImportSourceRow) => deletion.confirmDeleteSource(s.id, s.file_name);

  let content: ReactNode;
  if (isPending && sources.length === 0) content = <LoadingState label="Loading imports…" />;
  else if (error) content = <ErrorState message={errorText(error)} onRetry={() => void refetch()} />;
  else if (sources.length === 0)
    content = (
      <EmptyState
        icon={<IconFileImport size={28} />}
        title="Nothing imported here yet"
        description="Uploads, synced wallets and manual entries appear here."
        action={
          <Button component={Link} to={paths.imports.path} size="sm">
            Add account
          </Button>
        }
      />
    );
  else
    content = (
      <SourcesTable sources={sources} onDelete={onDelete} showAccount={showAccount} compact={compact} />
    );

  return (
    <>
      <DeletionProgress deleting={deletion.deleting} message={deletion.message} />
      {content}
    </>
  );
}
