import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { FreeLimitWatcher } from '@/features/billing/components/free-limit-watcher';
import { useImportFile } from '@/features/imports/api/get-import-file';
import { ImportDropzone } from '@/features/imports/components/import-dropzone';
import { UploadList } from '@/features/imports/components/upload-list';
import { useUploads } from '@/features/imports/hooks/use-uploads';
import { errorText } from '@/lib/api-client';

/**
 * /imports/options/?slug&action=fix&sourceid: fix a source. File imports cannot be resynced, so
 * the fix is a newer export uploaded into the same account (rows already there are not added twice).
 */
export default function ImportOptionsRoute() {
  const [params] = useSearchParams();
  const raw = params.get('sourceid');
  const sourceId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const file = useImportFile(sourceId);
  const uploads = useUploads();

  let content: ReactNode;
  if (sourceId === null)
    content = (
      <EmptyState
        title="No import chosen"
        description="Open this page from an account to fix it."
        action={
          <Button component={Link} to={paths.imports.path} size="sm">
            Go to Imports
          </Button>
        }
      />
    );
  else if (file.isPending) content = <LoadingState />;
  else if (file.isError)
    content = <ErrorState message={errorText(file.error)} onRetry={() => file.refetch()} />;
  else {
    const { source } = file.data;
    const name = source.custom_name ?? source.account_name;
    content = (
      <Stack gap="md">
        <Title order={2} fz="lg">
          {name}
        </Title>
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {source.resync_disabled
            ? 'This account was imported from a file, so it cannot be resynced. Upload a newer export from ' +
              `${source.account_name}: new rows are added, rows you already have are skipped.`
            : 'Upload a newer export to bring this account up to date.'}
        </Alert>
        <ImportDropzone
          compact
          onFiles={(files) => uploads.upload(files, { importHistoryId: source.group_id })}
        />
        <UploadList items={uploads.items} onDismiss={uploads.dismiss} />
        <Text fz="sm">
          <Link to={paths.errorLogs.getHref(source.id)}>See what went wrong with the last upload</Link>
        </Text>
      </Stack>
    );
  }
  return (
    <>
      <PageHeader title="Import options" description="Fix or resync an import source." />
      <Card p={{ base: 'sm', sm: 'lg' }}>{content}</Card>
      <FreeLimitWatcher />
    </>
  );
}
