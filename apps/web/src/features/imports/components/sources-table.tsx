import type { ImportSourceRow } from '@lotwise/contracts/imports/import-histories';
import { ActionIcon, Anchor, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { formatCount, formatSyncDate } from '@/lib/import-state';
import { FileName } from './file-name';
import { ImportStatusBadge } from './import-status';

interface SourcesTableProps {
  sources: ImportSourceRow[];
  onDelete: (source: ImportSourceRow) => void;
  showAccount?: boolean;
  /** Narrow places (beside the account list): the import date goes under the file name. */
  compact?: boolean;
}

function Counts({ source }: { source: ImportSourceRow }) {
  return (
    <Text fz="sm">
      {formatCount(source.added)} added
      {source.duplicates > 0 ? (
        <Text span fz="xs" c="dimmed">
          {' '}
          · {formatCount(source.duplicates)} duplicates
        </Text>
      ) : null}
    </Text>
  );
}

function Errors({ source }: { source: ImportSourceRow }) {
  if (source.error_count === 0 && source.import_status !== 'failed')
    return (
      <Text fz="sm" c="dimmed">
        No errors
      </Text>
    );
  return (
    <Anchor component={Link} to={paths.errorLogs.getHref(source.id)} fz="sm" c="red.7">
      {source.error_count > 0
        ? `${formatCount(source.error_count)} row ${source.error_count === 1 ? 'error' : 'errors'}`
        : 'View log'}
    </Anchor>
  );
}

function DeleteButton({
  source,
  onDelete,
}: {
  source: ImportSourceRow;
  onDelete: SourcesTableProps['onDelete'];
}) {
  return (
    <Tooltip label="Delete source">
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Delete ${source.file_name}`}
        onClick={() => onDelete(source)}
        disabled={source.import_status === 'in-progress'}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Import sources (spec 01 §3 "Import source row"): one line per upload. */
export function SourcesTable({ sources, onDelete, showAccount = true, compact = false }: SourcesTableProps) {
  const mobile = useIsMobile();
  if (mobile) {
    return (
      <Stack gap="xs" data-testid="sources">
        {sources.map((s) => (
          <Card key={s.id} withBorder p="sm" data-testid="source-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <FileName name={s.file_name} fw={600} />
                {showAccount ? (
                  <Text fz="xs" c="dimmed">
                    {s.custom_name ?? s.account_name}
                  </Text>
                ) : null}
              </Stack>
              <DeleteButton source={s} onDelete={onDelete} />
            </Group>
            <Group justify="space-between" mt={6}>
              <Counts source={s} />
              <ImportStatusBadge
                status={s.import_status}
                paused={s.status_code === 'paused'}
                rowErrors={s.error_count}
              />
            </Group>
            <Group justify="space-between" mt={4}>
              <Text fz="xs" c="dimmed">
                {formatSyncDate(s.last_sync)}
              </Text>
              <Errors source={s} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={compact ? 560 : 760} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid="sources" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            {showAccount ? <Table.Th>Account</Table.Th> : null}
            <Table.Th>Status</Table.Th>
            <Table.Th>Rows</Table.Th>
            <Table.Th>Errors</Table.Th>
            {compact ? null : <Table.Th>Imported</Table.Th>}
            <Table.Th w={48} aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sources.map((s) => (
            <Table.Tr key={s.id} data-testid="source-row">
              <Table.Td>
                <FileName name={s.file_name} fw={500} />
                {compact ? (
                  <Text fz="xs" c="dimmed">
                    {formatSyncDate(s.last_sync)}
                  </Text>
                ) : null}
              </Table.Td>
              {showAccount ? <Table.Td>{s.custom_name ?? s.account_name}</Table.Td> : null}
              <Table.Td>
                <ImportStatusBadge
                  status={s.import_status}
                  paused={s.status_code === 'paused'}
                  rowErrors={s.error_count}
                />
              </Table.Td>
              <Table.Td>
                <Counts source={s} />
              </Table.Td>
              <Table.Td>
                <Errors source={s} />
              </Table.Td>
              {compact ? null : (
                <Table.Td>
                  <Text fz="sm" c="dimmed">
                    {formatSyncDate(s.last_sync)}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>
                <DeleteButton source={s} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
