import { Group, Progress, Text } from '@mantine/core';

/** An all-pages change running as a job: its progress from the realtime channel and the status call. */
export function BulkProgress({
  label,
  percent,
  message,
}: {
  label: string;
  percent: number;
  message: string | null;
}) {
  return (
    <Group gap="sm" wrap="nowrap" mb="xs" data-testid="bulk-progress">
      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <Progress value={percent} style={{ flex: 1 }} animated aria-label={`${label} progress`} />
      <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {message ?? `${Math.round(percent)}%`}
      </Text>
    </Group>
  );
}
