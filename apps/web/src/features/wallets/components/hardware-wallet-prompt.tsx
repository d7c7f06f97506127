import {
  type HardwareAccountState,
  hardwareUploadError,
  SELECT_ONE_ADDRESS,
} from '@lotwise/contracts/wallets/hardware-wallets';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  type MantineSpacing,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { importsKeys } from '@/lib/api/imports/keys';
import { errorText } from '@/lib/api-client';
import { shortenWalletAddress } from '@/lib/format/text';
import { bulkImportWalletsRequest } from '../api/bulk-import-wallets';
import { type HardwareRow, useHardwareAccounts } from '../api/hardware-accounts';
import { walletApp } from '../utils/wallet-app';

export const HARDWARE_PROMPT_TITLE = 'Import from your wallet app';

/**
 * The hardware-wallet import prompt (spec 01 §1, §4, §5, §8): inside the wallet desktop app, its
 * accounts of the coins Lotwise reads, with checkboxes and Import. Imported accounts are hidden;
 * importing ones are marked pending and polled every 2 seconds until they finish.
 */
export function HardwareWalletPrompt({ mb }: { mb?: MantineSpacing }) {
  const bridge = useMemo(walletApp, []);
  const accounts = useHardwareAccounts(bridge);
  const client = useQueryClient();
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [importing, setImporting] = useState(false);
  const rows = (accounts.data ?? []).filter((a) => a.state === 'new' || a.state === 'pending');
  useFailureToasts(accounts.data);

  if (!bridge) return null;
  if (accounts.isPending) return null;
  if (accounts.isError) {
    return (
      <Card p={{ base: 'sm', sm: 'lg' }} mb={mb} data-testid="hardware-wallet-prompt">
        <Text c="red" fz="sm">
          {errorText(accounts.error)}
        </Text>
      </Card>
    );
  }
  if (rows.length === 0) return null;

  const selected = rows.filter((a) => a.state === 'new' && checked.has(a.id));
  const run = async () => {
    setImporting(true);
    for (const account of selected) {
      try {
        await bulkImportWalletsRequest({
          wallets: [
            {
              coin: account.currencyCode.toLowerCase(),
              address: account.xPubKey || account.address,
              name: account.currency,
            },
          ],
        });
      } catch {
        notifications.show({ color: 'red', message: hardwareUploadError(account.currencyCode) });
      }
    }
    setChecked(new Set());
    setImporting(false);
    await client.invalidateQueries({ queryKey: importsKeys.all });
  };

  return (
    <Card p={{ base: 'sm', sm: 'lg' }} mb={mb} data-testid="hardware-wallet-prompt">
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {HARDWARE_PROMPT_TITLE}
          </Title>
          <Text fz="sm" c="dimmed">
            Choose the accounts of your wallet app to import. Lotwise reads their history from the chain by
            their public key; nothing leaves your device but the key.
          </Text>
        </Stack>
        <Stack gap="xs">
          {rows.map((a) => (
            <HardwareAccountLine
              key={a.id}
              account={a}
              checked={checked.has(a.id)}
              onChange={(on) =>
                setChecked((prev) => {
                  const next = new Set(prev);
                  if (on) next.add(a.id);
                  else next.delete(a.id);
                  return next;
                })
              }
            />
          ))}
        </Stack>
        <Tooltip label={SELECT_ONE_ADDRESS} disabled={selected.length > 0} withArrow>
          <Button
            w="fit-content"
            disabled={selected.length === 0 || importing}
            loading={importing}
            onClick={run}
            data-testid="hardware-import"
          >
            {importing ? 'Importing' : 'Import'}
          </Button>
        </Tooltip>
      </Stack>
    </Card>
  );
}

function HardwareAccountLine({
  account,
  checked,
  onChange,
}: {
  account: HardwareRow;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const key = account.xPubKey || account.address;
  const pending = account.state === 'pending';
  return (
    <Group gap="sm" wrap="nowrap" data-testid="hardware-account">
      <Checkbox
        aria-label={`${account.currency} ${key}`}
        checked={checked || pending}
        disabled={pending}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text fz="sm" fw={600}>
          {account.currency}
        </Text>
        <Text fz="xs" ff="monospace" c="dimmed" title={key}>
          {account.currencyCode} {shortenWalletAddress(key)}
        </Text>
      </Stack>
      {pending ? (
        <Group gap={6} wrap="nowrap">
          <Loader size="xs" />
          <Badge color="yellow" variant="light">
            Pending
          </Badge>
        </Group>
      ) : null}
    </Group>
  );
}

/** A toast when an account's import turns from pending to failed (§8). */
function useFailureToasts(rows: HardwareRow[] | undefined) {
  const last = useRef(new Map<string, HardwareAccountState['state']>());
  useEffect(() => {
    for (const row of rows ?? []) {
      if (row.state === 'failed' && last.current.get(row.id) === 'pending')
        notifications.show({ color: 'red', message: hardwareUploadError(row.currencyCode) });
      last.current.set(row.id, row.state);
    }
  }, [rows]);
}
