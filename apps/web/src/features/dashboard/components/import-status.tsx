import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useImportHistories } from '@/lib/api/imports/list-import-histories';
import { formatDay } from '@/lib/format/display';

const SHOWN = 4;

/** Import status: accounts, which are still importing, and when each last synced. */
export function ImportStatusCard() {
  const histories = useImportHistories(1);
  const rows = histories.data?.data ?? [];
  const running = rows.filter((r) => r.import_status === 'in-progress').length;
  const total = histories.data?.meta.total_count ?? 0;
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid="imports-card">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          Imports
        </Title>
        <Anchor component={Link} to={paths.imports.getHref()} fz="sm">
          {total === 0 ? 'Import' : 'Manage'}
        </Anchor>
      </Group>
      {histories.isPending ? (
        <Text c="dimmed" fz="sm">
          Loading…
        </Text>
      ) : histories.isError ? (
        <Text c="dimmed" fz="sm">
          The import status is not available right now.
        </Text>
      ) : total === 0 ? (
        <Text c="dimmed" fz="sm" data-testid="imports-none">
          No accounts imported yet.
        </Text>
      ) : (
        <Stack gap={6}>
          <Text fz="sm" data-testid="imports-summary">
            {total} {total === 1 ? 'account' : 'accounts'}
            {running > 0 ? `, ${running} importing` : ', all imports complete'}
          </Text>
          {rows.slice(0, SHOWN).map((r) => (
            <Group key={r.id} justify="space-between" wrap="nowrap" gap="xs">
              <Text fz="sm" truncate>
                {r.custom_name ?? r.account_name}
              </Text>
              {r.import_status === 'complete' ? (
                <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {r.total_transactions.toLocaleString('en-US')} txns
                  {r.last_synced_at ? ` · ${formatDay(r.last_synced_at)}` : ''}
                </Text>
              ) : (
                <Badge size="sm" color={r.import_status === 'failed' ? 'red' : 'blue'} variant="light">
                  {r.import_status === 'failed' ? 'failed' : 'importing'}
                </Badge>
              )}
            </Group>
          ))}
          {total > SHOWN ? (
            <Text fz="xs" c="dimmed">
              and {total - SHOWN} more
            </Text>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
