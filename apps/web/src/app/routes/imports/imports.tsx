import { Button, Group, Stack } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { FreeLimitWatcher } from '@/features/billing/components/free-limit-watcher';
import { AddAccountSection } from '@/features/imports/components/add-account-section';
import { ImportHistorySection } from '@/features/imports/components/import-history-section';
import { ManualEntryButton } from '@/features/imports/components/manual-entry-button';
import { HardwareWalletPrompt } from '@/features/wallets/components/hardware-wallet-prompt';
import { useRememberImportsPath } from '@/hooks/use-imports-path';
import { useImportsChannel } from '@/lib/realtime';

/** /imports: import history and add account (spec 01 §2). */
export default function ImportsRoute() {
  useRememberImportsPath('/imports');
  useImportsChannel();
  return (
    <>
      <PageHeader
        title="Imports"
        description="Every exchange and wallet you import from, and a place to add more."
        actions={
          <Group gap="xs">
            <ManualEntryButton size="sm" />
            <Button
              component={Link}
              to={paths.importsCsvs.path}
              size="sm"
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} />}
            >
              CSV uploads
            </Button>
          </Group>
        }
      />
      <Stack gap="lg">
        <HardwareWalletPrompt />
        <ImportHistorySection />
        <AddAccountSection />
      </Stack>
      <FreeLimitWatcher />
    </>
  );
}
