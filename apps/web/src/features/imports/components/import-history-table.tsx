import type { ImportHistoryRow } from '@lotwise/contracts/imports/import-histories';
import { Badge, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { accountLabel, countNoun, formatCount, formatSyncDate, importTypeLabel } from '@/lib/import-state';
import { type AccountActions, AccountActionsMenu } from './account-actions-menu';
import { AccountFailure } from './account-failure';
import { FileName } from './file-name';
import { ImportStatus } from './import-status';

function AccountCell({ row }: { row: ImportHistoryRow }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Text fw={600} fz="sm" truncate>
          {accountLabel(row)}
        </Text>
        {row.us_based ? (
          <Badge size="xs" variant="outline" color="navy">
            US
          </Badge>
        ) : null}
        {row.oauth_status === 'revoked' || row.oauth_status === 'expired' ? (
          <Badge size="xs" color="gray" variant="light" data-testid="oauth-disconnected">
            {row.oauth_status === 'revoked' ? 'Disconnected' : 'Sign-in expired'}
          </Badge>
        ) : null}
        {row.api_warning ? (
          <Tooltip label={row.api_warning} multiline w={280} withArrow>
            <Badge
              size="xs"
              color="orange"
              variant="light"
              leftSection={<IconAlertTriangle size={10} />}
              data-testid="api-key-warning"
              aria-label={row.api_warning}
            >
              Key not read-only
            </Badge>
          </Tooltip>
        ) : null}
      </Group>
      <Group gap={6} wrap="nowrap">
        <Text fz="xs" c="dimmed">
          {importTypeLabel(row.type)}
          {row.custom_name ? ` · ${row.account_name}` : ''}
        </Text>
        {row.file_name ? <FileName name={row.file_name} fz="xs" c="dimmed" /> : null}
      </Group>
      <AccountFailure row={row} />
    </Stack>
  );
}

/** Where an account's row errors are listed: its uploads, each with its own error log. */
const uploadsOf = (row: ImportHistoryRow) => `${paths.transactionSources.path}?account=${row.id}`;

function RowStatus({ row }: { row: ImportHistoryRow }) {
  return (
    <ImportStatus
      status={row.import_status}
      progress={row.progress}
      rowErrors={row.row_errors}
      errorsHref={uploadsOf(row)}
    />
  );
}

/** Import history (spec 01 §3 "Import history row"): a table on desktop, cards on phones. */
export function ImportHistoryTable({ rows, actions }: { rows: ImportHistoryRow[]; actions: AccountActions }) {
  const mobile = useIsMobile();
  if (mobile) {
    return (
      <Stack gap="xs" data-testid="import-history">
        {rows.map((row) => (
          <Card key={row.id} p="sm" withBorder data-testid="import-history-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <AccountCell row={row} />
              <AccountActionsMenu row={row} actions={actions} />
            </Group>
            <Group justify="space-between" mt="xs" wrap="nowrap">
              <Text fz="sm">{countNoun(row.total_transactions, 'transaction')}</Text>
              <RowStatus row={row} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing="sm" highlightOnHover data-testid="import-history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Account</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th ta="right">Transactions</Table.Th>
          <Table.Th>Last synced</Table.Th>
          <Table.Th w={48} aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid="import-history-row">
            <Table.Td maw={320}>
              <AccountCell row={row} />
            </Table.Td>
            <Table.Td>
              <RowStatus row={row} />
            </Table.Td>
            <Table.Td ta="right">{formatCount(row.total_transactions)}</Table.Td>
            <Table.Td>
              <Text fz="sm" c="dimmed">
                {formatSyncDate(row.last_synced_at)}
              </Text>
            </Table.Td>
            <Table.Td>
              <AccountActionsMenu row={row} actions={actions} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
