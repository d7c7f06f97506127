import { Anchor, Badge, Card, Group, Loader, Stack, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { useCsvFiles } from '../api/list-csv-files';
import { FileName } from './file-name';
import { ImportStatusBadge } from './import-status';

/** Uploaded CSV records (spec 01 §3) grouped by account, in-progress ones marked. */
export function CsvFilesList() {
  const files = useCsvFiles();
  if (files.isPending) return <LoadingState label="Loading your uploads…" />;
  if (files.isError) return <ErrorState message={errorText(files.error)} onRetry={() => files.refetch()} />;
  const groups = Object.entries(files.data);
  if (groups.length === 0)
    return (
      <EmptyState
        icon={<IconFileSpreadsheet size={28} />}
        title="No CSV files yet"
        description="Drop an export above; it appears here while it imports and after."
      />
    );
  return (
    <Stack gap="md" data-testid="csv-files">
      {groups.map(([account, list]) => (
        <Card key={account} withBorder p="sm">
          <Title order={3} fz="sm" mb="xs">
            {account}
          </Title>
          <Stack gap={6}>
            {list.map((f) => (
              <Group key={f.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="csv-file">
                <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFileSpreadsheet size={16} color="var(--mantine-color-gray-6)" />
                  <FileName name={f.file_name} />
                </Group>
                <Group gap="xs" wrap="nowrap">
                  {f.status === 'in-progress' ? (
                    <Badge variant="light" color="blue" size="sm" leftSection={<Loader size={10} />}>
                      Importing
                    </Badge>
                  ) : f.error_count > 0 ? (
                    <ImportStatusBadge status="complete" rowErrors={f.error_count} />
                  ) : (
                    <Badge variant="light" color="teal" size="sm">
                      Finished
                    </Badge>
                  )}
                  <Anchor component={Link} to={paths.errorLogs.getHref(f.id)} fz="xs">
                    {f.status !== 'in-progress' && f.error_count > 0
                      ? `See the ${f.error_count === 1 ? 'error' : 'errors'}`
                      : 'Details'}
                  </Anchor>
                </Group>
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
