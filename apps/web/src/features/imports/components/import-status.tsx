import type { ImportHistoryRow } from '@lotwise/contracts/imports/import-histories';
import { Badge, Progress, Stack, Text } from '@mantine/core';

type Status = ImportHistoryRow['import_status'];

const LABELS: Record<Status, { label: string; color: string }> = {
  complete: { label: 'Complete', color: 'teal' },
  'in-progress': { label: 'Importing', color: 'blue' },
  failed: { label: 'Failed', color: 'red' },
};

const PAUSED = { label: 'Paused', color: 'orange' };
const UNKNOWN = { label: 'Importing', color: 'blue' };

/** `paused`: the free import limit paused the import (the server sends status_code 'paused'). */
export function ImportStatusBadge({ status, paused = false }: { status: Status; paused?: boolean }) {
  const shown: { label: string; color: string } | undefined =
    paused || String(status) === 'paused' ? PAUSED : LABELS[status];
  const { label, color } = shown ?? UNKNOWN;
  return (
    <Badge
      variant="light"
      color={color}
      size="sm"
      data-testid="import-status"
      data-status={paused ? 'paused' : status}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {label}
    </Badge>
  );
}

/** The status, with a progress bar while the import runs. */
export function ImportStatus({ status, progress }: { status: Status; progress: number }) {
  if (status !== 'in-progress') return <ImportStatusBadge status={status} />;
  const value = Math.max(5, Math.min(100, progress));
  return (
    <Stack gap={4} miw={110}>
      <Progress value={value} size="sm" striped animated aria-label="Import progress" />
      <Text fz="xs" c="dimmed">
        Importing… {value}%
      </Text>
    </Stack>
  );
}
