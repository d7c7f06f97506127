import { MAX_WALLETS_PER_CALL } from '@lotwise/contracts/wallets/wallet-finder';
import { Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { ErrorState } from '@/components/ui/states';
import { errorText } from '@/lib/api-client';
import { useDismissFoundWallets } from '../api/dismiss-found-wallets';
import { useImportFoundWallets } from '../api/import-found-wallets';
import { useFoundAddresses } from '../api/list-found-addresses';
import { useFoundSelection } from '../hooks/use-found-selection';
import { FoundAddressList } from './found-address-list';
import { FoundAddressSkeleton } from './found-address-skeleton';

export const WALLET_FINDER_INTRO =
  'Addresses your wallets sent to or received from that you have not imported yet.';
export const WALLET_FINDER_EMPTY = 'No new addresses found.';
export const WALLET_FINDER_TOO_MANY = `Select at most ${MAX_WALLETS_PER_CALL} addresses at a time.`;

/** The wallet finder (spec 01 §4): import or dismiss addresses the user's wallets dealt with. */
export function WalletFinderCard() {
  const list = useFoundAddresses();
  const rows = list.data ?? [];
  const selection = useFoundSelection(rows);
  const importWallets = useImportFoundWallets();
  const dismissWallets = useDismissFoundWallets();
  const busy = importWallets.isPending || dismissWallets.isPending;
  const count = selection.selectedRows.length;
  const none = count === 0;
  const tooMany = count > MAX_WALLETS_PER_CALL;
  const body = () => ({
    wallets: selection.selectedRows.map(({ coin, address }) => ({ coin, address })),
  });

  return (
    <Card p={{ base: 'sm', sm: 'lg' }} data-testid="wallet-finder">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            Wallet finder
          </Title>
          <Text fz="sm" c="dimmed">
            {WALLET_FINDER_INTRO}
          </Text>
        </Stack>
        {list.isPending ? (
          <FoundAddressSkeleton />
        ) : list.isError ? (
          <ErrorState message={errorText(list.error)} onRetry={() => list.refetch()} />
        ) : rows.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="wallet-finder-empty">
            {WALLET_FINDER_EMPTY}
          </Text>
        ) : (
          <>
            <Group justify="space-between" gap="sm">
              <Checkbox
                label="Select all"
                checked={selection.allSelected}
                indeterminate={!none && !selection.allSelected}
                onChange={selection.toggleAll}
                disabled={busy}
                data-testid="wallet-finder-select-all"
              />
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  disabled={none || tooMany || (busy && !dismissWallets.isPending)}
                  loading={dismissWallets.isPending}
                  onClick={() => dismissWallets.mutate(body(), { onSuccess: selection.clear })}
                  data-testid="wallet-finder-dismiss"
                >
                  Dismiss selected
                </Button>
                <Button
                  size="xs"
                  disabled={none || tooMany || (busy && !importWallets.isPending)}
                  loading={importWallets.isPending}
                  onClick={() => importWallets.mutate(body(), { onSuccess: selection.clear })}
                  data-testid="wallet-finder-import"
                >
                  Import selected
                </Button>
              </Group>
            </Group>
            {tooMany ? (
              <Text fz="xs" c="red" data-testid="wallet-finder-too-many">
                {WALLET_FINDER_TOO_MANY}
              </Text>
            ) : null}
            <FoundAddressList
              rows={rows}
              selected={selection.selected}
              onToggle={selection.toggle}
              disabled={busy}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
