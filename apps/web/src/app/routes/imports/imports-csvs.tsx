import { Card, Stack, Title } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { FreeLimitWatcher } from '@/features/billing/components/free-limit-watcher';
import { CsvFilesList } from '@/features/imports/components/csv-files-list';
import { ImportDropzone } from '@/features/imports/components/import-dropzone';
import { UploadList } from '@/features/imports/components/upload-list';
import { useUploads } from '@/features/imports/hooks/use-uploads';

/** /imports/csvs: upload CSV files (layout detected) and follow them. */
export default function ImportsCsvsRoute() {
  const uploads = useUploads();
  return (
    <>
      <PageHeader
        title="CSV imports"
        description="Upload exports from exchanges and wallets; each goes into the account of its exchange."
      />
      <Stack gap="lg">
        <Card p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="sm">
            <ImportDropzone onFiles={(files) => uploads.upload(files)} />
            <UploadList items={uploads.items} onDismiss={uploads.dismiss} />
          </Stack>
        </Card>
        <Card p={{ base: 'sm', sm: 'lg' }}>
          <Title order={2} fz="lg" mb="sm">
            Your uploads
          </Title>
          <CsvFilesList />
        </Card>
      </Stack>
      <FreeLimitWatcher />
    </>
  );
}
