import { Group, Pagination, Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useAccessLog } from '@/lib/api/taxpro/taxpro';
import { errorText } from '@/lib/api-client';

/** Every request an accountant or admin made inside the account, newest first. */
export function AccessLog() {
  const [page, setPage] = useState(1);
  const log = useAccessLog(page);
  return (
    <Paper withBorder radius="md" p="md" maw={720} mb="md">
      <Title order={2} fz="md" mb="sm">
        Access log
      </Title>
      {log.isError ? (
        <Text c="red" fz="sm">
          {errorText(log.error)}
        </Text>
      ) : !log.data || log.data.data.length === 0 ? (
        <Text fz="sm" c="dimmed" data-testid="access-log-empty">
          Nobody else has worked in your account.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={420}>
            <Table fz="xs" verticalSpacing={4} data-testid="access-log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When (UTC)</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Request</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.data.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {e.created_at.slice(0, 16).replace('T', ' ')}
                    </Table.Td>
                    <Table.Td>{e.actor_name ?? e.actor_email}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {e.method} {e.path.split('?')[0]} · {e.status_code}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {log.data.meta.total_pages > 1 ? (
            <Group justify="center" mt="sm">
              <Pagination size="sm" total={log.data.meta.total_pages} value={page} onChange={setPage} />
            </Group>
          ) : null}
        </>
      )}
    </Paper>
  );
}
