import { Navigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { FreeLimitWatcher } from '@/features/billing/components/free-limit-watcher';
import { FirstImport } from '@/features/imports/components/first-import';
import { useUploads } from '@/features/imports/hooks/use-uploads';
import { HardwareWalletPrompt } from '@/features/wallets/components/hardware-wallet-prompt';
import { useImportsPath } from '@/hooks/use-imports-path';
import { useAllImportHistories } from '@/lib/api/imports/list-all-import-histories';
import { errorText } from '@/lib/api-client';
import { isFirstImport } from '@/lib/import-state';
import { useUser } from '@/lib/session/session';

/**
 * Landing and first import (spec 01 §2, §4): with no import history, the importer; once history
 * exists (and no upload started here is on screen), the saved imports path.
 */
export default function HomeRoute() {
  const user = useUser();
  const histories = useAllImportHistories();
  const uploads = useUploads();
  const importsHref = useImportsPath();
  const rows = histories.data ?? [];

  if (histories.isPending) return <LoadingState />;
  if (histories.isError && uploads.items.length === 0) {
    return <ErrorState message={errorText(histories.error)} onRetry={() => histories.refetch()} />;
  }
  if (rows.length > 0 && uploads.items.length === 0 && !isFirstImport(rows)) {
    return <Navigate to={importsHref} replace />;
  }
  return (
    <>
      <PageHeader
        title={user.first_name ? `Welcome, ${user.first_name}` : 'Welcome to Lotwise'}
        description="Import your transactions to see your gains, losses and income for each tax year."
      />
      <HardwareWalletPrompt mb="lg" />
      <FirstImport
        running={uploads.items.length === 0 ? rows : []}
        importsHref={importsHref}
        uploads={uploads}
      />
      <FreeLimitWatcher callUrl="wizardParsed" />
    </>
  );
}
