import { Alert, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { errorText } from '@/lib/api-client';
import { formatCount, formatSyncDate } from '@/lib/import-state';
import { useImportFile } from '../api/get-import-file';
import { FileName } from './file-name';
import { ImportStatusBadge } from './import-status';

/** One upload's outcome and its row errors (line, column, problem). */
export function ErrorLog({ fileId }: { fileId: number }) {
  const file = useImportFile(fileId);
  const mobile = useIsMobile();
  if (file.isPending) return <LoadingState label="Loading the error log…" />;
  if (file.isError) return <ErrorState message={errorText(file.error)} onRetry={() => file.refetch()} />;
  const { source, errors } = file.data;
  return (
    <Stack gap="md">
      <Card p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <FileName name={source.file_name} fw={600} fz="md" />
            <Text fz="sm" c="dimmed">
              {source.custom_name ?? source.account_name} · {formatSyncDate(source.last_sync)}
            </Text>
          </Stack>
          <ImportStatusBadge
            status={source.import_status}
            paused={source.status_code === 'paused'}
            rowErrors={source.error_count}
          />
        </Group>
        <Text fz="sm" mt="sm" data-testid="import-counts">
          {formatCount(source.parsed + source.error_count)} rows: {formatCount(source.added)} added ·{' '}
          {formatCount(source.duplicates)} already imported · {formatCount(source.skipped)} skipped ·{' '}
          {formatCount(source.error_count)} could not be read
        </Text>
        {source.import_status === 'failed' && source.message ? (
          <Alert color="red" variant="light" mt="sm" role="alert">
            {source.message}
          </Alert>
        ) : null}
      </Card>
      <Card p={{ base: 'sm', sm: 'lg' }}>
        {errors.length === 0 ? (
          <EmptyState
            icon={<IconCircleCheck size={28} />}
            title="No row errors"
            description="Every row of this file was read."
          />
        ) : mobile ? (
          // A phone lists each error whole: a three-column table would hide the problem off-screen.
          <Stack gap="xs" data-testid="error-log">
            {errors.map((e) => (
              <Stack key={`${e.line}-${e.column ?? ''}-${e.message}`} gap={2} data-testid="error-log-row">
                <Text fz="xs" c="dimmed">
                  Line {e.line}
                  {e.column ? ` · ${e.column}` : ''}
                </Text>
                <Text fz="sm">{e.message}</Text>
              </Stack>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={480} type="native">
            <Table verticalSpacing="xs" striped data-testid="error-log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>Line</Table.Th>
                  <Table.Th w={160}>Column</Table.Th>
                  <Table.Th>Problem</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.map((e) => (
                  <Table.Tr key={`${e.line}-${e.column ?? ''}-${e.message}`} data-testid="error-log-row">
                    <Table.Td>{e.line}</Table.Td>
                    <Table.Td>{e.column ?? '—'}</Table.Td>
                    <Table.Td>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
