import { Button, Grid, Group, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Navigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { FreeLimitWatcher } from '@/features/billing/components/free-limit-watcher';
import { AccountSidebar } from '@/features/imports/components/account-sidebar';
import { AddAccountSection } from '@/features/imports/components/add-account-section';
import { ManualEntryButton } from '@/features/imports/components/manual-entry-button';
import { WalletDetail } from '@/features/imports/components/wallet-detail';
import { BulkImportButton } from '@/features/wallets/components/bulk-import-button';
import { HardwareWalletPrompt } from '@/features/wallets/components/hardware-wallet-prompt';
import { WalletFinderCard } from '@/features/wallets/components/wallet-finder-card';
import { useRememberImportsPath } from '@/hooks/use-imports-path';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useAllImportHistories } from '@/lib/api/imports/list-all-import-histories';
import { errorText } from '@/lib/api-client';
import { ALL_ASSETS_VALUE } from '@/lib/import-state';
import { useImportsChannel } from '@/lib/realtime';

/**
 * /wallets: the combined page — account list on the left, the chosen account on the right, the
 * wallet finder below.
 */
export default function WalletsRoute() {
  useRememberImportsPath('/wallets');
  useImportsChannel();
  const mobile = useIsMobile();
  const [adding, { open, close }] = useDisclosure(false);
  const [params, setParams] = useSearchParams();
  const histories = useAllImportHistories();
  const value = params.get('account') ?? ALL_ASSETS_VALUE;
  const choose = (next: string) => setParams(next === ALL_ASSETS_VALUE ? {} : { account: next });

  if (histories.isPending) return <LoadingState />;
  if (histories.isError)
    return <ErrorState message={errorText(histories.error)} onRetry={() => histories.refetch()} />;
  const rows = histories.data;
  // No wallet and an empty list: back to the landing page to import a first one.
  if (rows.length === 0) return <Navigate to="/" replace />;
  const selected = rows.find((r) => String(r.id) === value) ?? null;

  return (
    <>
      <PageHeader
        title="Wallets"
        description="All your exchanges and wallets in one place."
        actions={
          <Group gap="xs">
            <ManualEntryButton size="sm" />
            <BulkImportButton size="sm" />
            <Button size="sm" leftSection={<IconPlus size={16} />} onClick={open}>
              Add account
            </Button>
          </Group>
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <AccountSidebar rows={rows} value={selected ? value : ALL_ASSETS_VALUE} onChange={choose} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <WalletDetail rows={rows} selected={selected} onDeleted={() => choose(ALL_ASSETS_VALUE)} />
        </Grid.Col>
        <Grid.Col span={12}>
          <HardwareWalletPrompt />
        </Grid.Col>
        <Grid.Col span={12}>
          <WalletFinderCard />
        </Grid.Col>
      </Grid>
      <Modal opened={adding} onClose={close} title="Add account" size="xl" fullScreen={mobile}>
        <AddAccountSection />
      </Modal>
      <FreeLimitWatcher />
    </>
  );
}
