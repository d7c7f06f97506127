import type { ImportHistoryRow } from '@lotwise/contracts/imports/import-histories';
import { Button, Group, Text } from '@mantine/core';
import { IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { useStartOauth } from '@/lib/api/oauth/oauth';
import { accountLabel } from '@/lib/import-state';
import { useSession } from '@/lib/session/session';
import { useResyncAccount } from '../api/api-imports';

/**
 * Why a connected account's import or resync failed (the job's own words) and a Retry that
 * imports the same account again (issue 35.8): never a silent FAILED, never a second account.
 */
export function AccountFailure({ row }: { row: ImportHistoryRow }) {
  const retry = useResyncAccount();
  const reconnect = useStartOauth();
  const viewing = Boolean(useSession().data?.masquerade);
  if (row.import_status !== 'failed' || !row.failure_reason) return null;
  // Signed in by OAuth and no longer accepted: a retry cannot help, signing in again does.
  const signInAgain = !viewing && (row.oauth_status === 'revoked' || row.oauth_status === 'expired');
  return (
    <Group gap={6} wrap="wrap" align="flex-start" data-testid="account-failure">
      <Text fz="xs" c="red.8" style={{ flex: '1 1 12rem', overflowWrap: 'anywhere' }}>
        {row.failure_reason}
      </Text>
      {signInAgain && row.account_slug === 'coinbase' ? (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          leftSection={<IconPlugConnected size={12} />}
          loading={reconnect.isPending || reconnect.isSuccess}
          onClick={() => reconnect.mutate({ provider: 'coinbase' })}
        >
          Connect with {row.account_name} again
        </Button>
      ) : (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={12} />}
          loading={retry.isPending}
          onClick={() => retry.mutate(row.id)}
          aria-label={`Retry ${accountLabel(row)}`}
        >
          Retry
        </Button>
      )}
    </Group>
  );
}
