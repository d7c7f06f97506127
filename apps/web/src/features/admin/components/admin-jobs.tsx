import { Badge, Pagination, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorText } from '@/lib/api-client';
import { useAdminJobs } from '../api/admin';

const COLOR: Record<string, string> = {
  failed: 'red',
  succeeded: 'teal',
  running: 'blue',
  queued: 'gray',
  superseded: 'gray',
};

/** Background jobs, newest first, with the error of each failed one. */
export function AdminJobs() {
  const [onlyFailed, setOnlyFailed] = useState(false);
  const [page, setPage] = useState(1);
  const jobs = useAdminJobs(onlyFailed, page);
  return (
    <Stack gap="sm">
      <Switch
        label="Only failed jobs"
        checked={onlyFailed}
        onChange={(e) => {
          setOnlyFailed(e.currentTarget.checked);
          setPage(1);
        }}
      />
      {jobs.isPending ? (
        <LoadingState label="Loading jobs…" />
      ) : jobs.isError || !jobs.data ? (
        <ErrorState message={errorText(jobs.error)} onRetry={() => void jobs.refetch()} />
      ) : jobs.data.data.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No jobs.
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" fz="sm" data-testid="admin-jobs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Started / finished (UTC)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.data.data.map((j) => (
                  <Table.Tr key={j.id}>
                    <Table.Td>
                      #{j.id} {j.name}
                      {j.error ? (
                        <Text fz="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                          {j.error}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{j.user_email ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="light" color={COLOR[j.status] ?? 'gray'}>
                        {j.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td fz="xs">
                      {j.created_at.slice(0, 16).replace('T', ' ')} /{' '}
                      {j.finished_at?.slice(0, 16).replace('T', ' ') ?? '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {jobs.data && jobs.data.meta.total_pages > 1 ? (
        <Pagination size="sm" total={jobs.data.meta.total_pages} value={page} onChange={setPage} />
      ) : null}
    </Stack>
  );
}
