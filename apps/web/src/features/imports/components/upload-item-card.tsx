import { ActionIcon, Anchor, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconFileText,
  IconPlayerPause,
  IconX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePausedImportFile } from '@/hooks/use-paused-import';
import { billingKeys } from '@/lib/api/billing/keys';
import { countNoun, formatCount } from '@/lib/import-state';
import { useImportFile } from '../api/get-import-file';
import type { UploadItem } from '../hooks/use-uploads';
import { FileName } from './file-name';

type Shown = 'uploading' | 'importing' | 'complete' | 'failed' | 'rejected' | 'paused';

export const PAUSED_TEXT = 'Paused — free import limit reached';

function StatusIcon({ status }: { status: Shown }) {
  if (status === 'complete')
    return (
      <ThemeIcon color="teal" variant="light" radius="xl">
        <IconCircleCheck size={18} />
      </ThemeIcon>
    );
  if (status === 'paused')
    return (
      <ThemeIcon color="orange" variant="light" radius="xl">
        <IconPlayerPause size={18} />
      </ThemeIcon>
    );
  if (status === 'failed' || status === 'rejected')
    return (
      <ThemeIcon color="red" variant="light" radius="xl">
        <IconAlertTriangle size={18} />
      </ThemeIcon>
    );
  return (
    <ThemeIcon color="gray" variant="light" radius="xl">
      <IconFileText size={18} />
    </ThemeIcon>
  );
}

/** One upload: upload progress, then import progress, then the outcome with counts. */
export function UploadItemCard({ item, onDismiss }: { item: UploadItem; onDismiss: () => void }) {
  const client = useQueryClient();
  const processing = item.stage === 'processing' ? item.fileId : null;
  const file = useImportFile(processing);
  const pausedByLimit = usePausedImportFile(processing);
  const source = file.data?.source;
  let status: Shown = item.stage === 'processing' ? 'importing' : item.stage;
  // The free import limit (spec 01 §8) pauses an import: the server says so on the file
  // (status_code 'paused'), on the job, or in the import limit's list of paused imports.
  const paused =
    pausedByLimit ||
    item.jobPaused ||
    source?.status_code === 'paused' ||
    String(source?.import_status) === 'paused';
  if (status === 'importing' && paused) status = 'paused';
  if (source?.import_status === 'complete') status = 'complete';
  if (source?.import_status === 'failed') status = 'failed';
  const jobPercent = Math.max(5, item.jobProgress);
  const settled = status === 'complete' || status === 'failed' || status === 'paused';

  // An import that ended may have reached the free import limit: read the limit again.
  useEffect(() => {
    if (settled) void client.invalidateQueries({ queryKey: billingKeys.importLimit() });
  }, [settled, client]);

  return (
    <Paper withBorder p="sm" radius="md" data-testid="upload-item" data-status={status}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <StatusIcon status={status} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <FileName name={item.fileName} fw={600} />
            {status !== 'uploading' && status !== 'importing' ? (
              <ActionIcon variant="subtle" color="gray" size="sm" onClick={onDismiss} aria-label="Dismiss">
                <IconX size={14} />
              </ActionIcon>
            ) : null}
          </Group>
          {status === 'uploading' ? (
            <>
              <Progress value={item.uploadPercent} size="sm" animated aria-label="Upload progress" />
              <Text fz="xs" c="dimmed">
                Uploading… {item.uploadPercent}%
              </Text>
            </>
          ) : null}
          {status === 'importing' ? (
            <>
              <Progress
                value={jobPercent}
                size="sm"
                color="teal"
                striped
                animated
                aria-label="Import progress"
              />
              <Text fz="xs" c="dimmed">
                {item.jobMessage ?? 'Importing'}… {jobPercent}%
              </Text>
            </>
          ) : null}
          {status === 'complete' && source ? (
            <Text fz="sm" data-testid="upload-summary">
              Import complete: {countNoun(source.added, 'transaction')} added
              {source.duplicates > 0 ? `, ${formatCount(source.duplicates)} already imported` : ''}
              {source.account_name ? ` to ${source.custom_name ?? source.account_name}` : ''}.
              {source.error_count > 0 ? (
                <>
                  {' '}
                  <Anchor component={Link} to={paths.errorLogs.getHref(source.id)} fz="sm" c="orange.8">
                    {source.error_count === 1 ? '1 row' : `${formatCount(source.error_count)} rows`} could not
                    be read
                  </Anchor>
                </>
              ) : null}
            </Text>
          ) : null}
          {status === 'failed' && source ? (
            <Text fz="sm" c="red.8" role="alert">
              {source.message ?? 'The import failed.'}{' '}
              <Anchor component={Link} to={paths.errorLogs.getHref(source.id)} fz="sm">
                View error log
              </Anchor>
            </Text>
          ) : null}
          {status === 'paused' ? (
            <Text fz="sm" c="orange.8" data-testid="upload-paused">
              {PAUSED_TEXT}
            </Text>
          ) : null}
          {status === 'rejected' ? (
            <Text fz="sm" c="red.8" role="alert">
              {item.error}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
