import type { ImportHistoryRow } from '@lotwise/contracts/imports/import-histories';
import { Anchor, Badge, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { WRAPPING_BADGE_STYLES } from '@/components/ui/whole-label';

type Status = ImportHistoryRow['import_status'];

const LABELS: Record<Status, { label: string; color: string }> = {
  complete: { label: 'Complete', color: 'teal' },
  'in-progress': { label: 'Importing', color: 'blue' },
  failed: { label: 'Failed', color: 'red' },
};

const PAUSED = { label: 'Paused', color: 'orange' };
const UNKNOWN = { label: 'Importing', color: 'blue' };

/** "Finished with 1 row error" / "Finished with 3 row errors". */
export function rowErrorsLabel(count: number): string {
  return `Finished with ${count.toLocaleString('en-US')} row ${count === 1 ? 'error' : 'errors'}`;
}

/**
 * `paused`: the free import limit paused the import (the server sends status_code 'paused').
 * `rowErrors`: rows of a finished import that could not be read say so where the status is
 * shown (issue 35, item 6), never a plain "Complete"; `errorsHref` is where they are listed.
 */
export function ImportStatusBadge({
  status,
  paused = false,
  rowErrors = 0,
  errorsHref,
}: {
  status: Status;
  paused?: boolean;
  rowErrors?: number;
  errorsHref?: string | undefined;
}) {
  if (status === 'complete' && !paused && rowErrors > 0) {
    return (
      <Stack gap={2} align="flex-start" style={{ minWidth: 0 }}>
        <Badge
          variant="light"
          color="orange"
          size="sm"
          leftSection={<IconAlertTriangle size={12} />}
          data-testid="import-status"
          data-status="complete-with-errors"
          styles={WRAPPING_BADGE_STYLES}
        >
          {rowErrorsLabel(rowErrors)}
        </Badge>
        {errorsHref ? (
          <Anchor component={Link} to={errorsHref} fz="xs" data-testid="row-errors-link">
            See the {rowErrors === 1 ? 'error' : 'errors'}
          </Anchor>
        ) : null}
      </Stack>
    );
  }
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
export function ImportStatus({
  status,
  progress,
  rowErrors = 0,
  errorsHref,
}: {
  status: Status;
  progress: number;
  rowErrors?: number;
  errorsHref?: string | undefined;
}) {
  if (status !== 'in-progress')
    return <ImportStatusBadge status={status} rowErrors={rowErrors} errorsHref={errorsHref} />;
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
