import { Card, Select } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { FreeLimitWatcher } from '@/features/billing/components/free-limit-watcher';
import { SourcesSection } from '@/features/imports/components/sources-section';
import { useAllImportHistories } from '@/lib/api/imports/list-all-import-histories';
import { errorText } from '@/lib/api-client';
import { accountLabel } from '@/lib/import-state';
import { useImportsChannel } from '@/lib/realtime';

/** /transactionSources — Imported History: every upload, optionally of one account (?account=). */
export default function TransactionSourcesRoute() {
  useImportsChannel();
  const [params, setParams] = useSearchParams();
  const histories = useAllImportHistories();
  const accountId = params.get('account');
  const rows = histories.data ?? [];
  const shown = accountId ? rows.filter((r) => String(r.id) === accountId) : rows;

  return (
    <>
      <PageHeader
        title="Imported History"
        description="Every file you uploaded, what it added and what could not be read."
        actions={
          rows.length > 1 ? (
            <Select
              aria-label="Account"
              data={[
                { value: 'all', label: 'All accounts' },
                ...rows.map((r) => ({ value: String(r.id), label: accountLabel(r) })),
              ]}
              value={accountId ?? 'all'}
              onChange={(v) => setParams(v && v !== 'all' ? { account: v } : {})}
              allowDeselect={false}
              w={{ base: '100%', sm: 240 }}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null
        }
      />
      <Card p={{ base: 'sm', sm: 'lg' }}>
        {histories.isPending ? (
          <LoadingState />
        ) : histories.isError ? (
          <ErrorState message={errorText(histories.error)} onRetry={() => histories.refetch()} />
        ) : (
          <SourcesSection accounts={shown} />
        )}
      </Card>
      <FreeLimitWatcher />
    </>
  );
}
