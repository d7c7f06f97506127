import type { Category } from '@lotwise/contracts/transactions/constants';
import { Alert, Box, Button, Group, LoadingOverlay, Switch, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useTransactionStats } from '@/lib/api/transactions/get-stats';
import { errorText } from '@/lib/api-client';
import { useCanRecalculate } from '../api/get-layout-flags';
import { useTransactions } from '../api/list-transactions';
import { useLayout } from '../hooks/use-layout';
import { useListState } from '../hooks/use-list-state';
import { listBody } from '../utils/list-state';
import { ListBanners } from './banners';
import { BulkSection } from './bulk/bulk-section';
import { ExchangesDialog } from './exchanges/exchanges-dialog';
import { FilterBar } from './filter-bar';
import { ListFooter } from './list-footer';
import { OverviewBoxes } from './overview-boxes';
import { StatusTabs } from './status-tabs';
import { TransactionsTable } from './transactions-table';

/** /transactions (spec 02 §2): title, banners, boxes, tabs, filters, table and pager. */
export function TransactionsPage() {
  useDocumentTitle('Transactions · Lotwise');
  const mobile = useIsMobile();
  const view = useLayout();
  const state = useListState();
  const legacy = view.layout === 'legacy';
  const body = listBody(
    state.category,
    state.filters,
    state.sort,
    state.page,
    state.pageSize,
    legacy,
    state.transactionId,
  );
  const list = useTransactions(legacy ? 'legacy' : 'grouped', body);
  const stats = useTransactionStats().data;
  const recalculation = useCanRecalculate().data;
  const canRecalculate = recalculation?.can_recalculate ?? false;
  const [exchangesOpen, setExchangesOpen] = useState(false);
  // Spec 01 §5: a page above the total is ignored: clamp to the last page once the count is known.
  const count = list.data?.transactions_count;
  const { page, pageSize, clampPage } = state;
  useEffect(() => {
    if (count === undefined || list.isFetching) return;
    const last = Math.max(1, Math.ceil(count / pageSize));
    if (page > last) clampPage(last);
  }, [count, list.isFetching, page, pageSize, clampPage]);
  if (!view.ready) return <LoadingState />;

  const selectBox = (category: Category) => {
    // Missing Price and Insufficient Balance select category All with the matching status (new layout).
    // Each box replaces the status filter (a previous box's must not narrow this one's list).
    if (!legacy && (category === 'need_review' || category === 'sell_without_buy')) {
      state.setCategory('all', { statuses: [category], type: null, marginType: null });
    } else state.setCategory(category, { statuses: [], type: null, marginType: null });
  };
  const tabLabel = state.category === 'all' ? '' : `${state.category.replace(/_/g, ' ')} `;
  return (
    <Box>
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 22, sm: 28 }} data-testid="transactions-title">
          Transactions{stats ? ` (${stats.total.toLocaleString('en-US')})` : ''}
        </Title>
        <Group gap="sm">
          <Switch
            label="Legacy version"
            checked={legacy}
            onChange={() => view.toggleLegacy(state.filters, state.category)}
            data-testid="legacy-toggle"
          />
          <Button variant="default" size={mobile ? 'xs' : 'sm'} onClick={() => setExchangesOpen(true)}>
            Exchanges
          </Button>
          <Button
            component={Link}
            to={paths.settings.export.getHref()}
            variant="light"
            leftSection={<IconDownload size={16} />}
            size={mobile ? 'xs' : 'sm'}
          >
            {mobile ? 'Export Transactions' : 'Download CSV'}
          </Button>
        </Group>
      </Group>
      <ExchangesDialog opened={exchangesOpen} onClose={() => setExchangesOpen(false)} />
      <ListBanners
        stats={stats}
        canRecalculate={canRecalculate}
        since={recalculation}
        recentlyChanged={list.data?.transactions_updated ?? false}
        onMissingPrices={() => selectBox('need_review')}
        onInsufficient={() => selectBox('sell_without_buy')}
      />
      {state.transactionId !== null ? (
        <Alert color="blue" variant="light" mb="md" data-testid="one-transaction">
          <Group justify="space-between" gap="xs">
            <Text fz="sm">Showing transaction #{state.transactionId} only.</Text>
            <Button size="xs" variant="light" onClick={state.showAll}>
              Show all transactions
            </Button>
          </Group>
        </Alert>
      ) : null}
      <OverviewBoxes stats={stats} active={state.category} onSelect={selectBox} />
      {!legacy ? (
        <StatusTabs
          stats={stats}
          statuses={state.filters.statuses}
          onChange={(statuses) => state.setFilters({ statuses })}
        />
      ) : null}
      <FilterBar state={state} legacy={legacy} visibilityFilter={view.visibilityFilter} />
      <BulkSection
        rows={list.data?.transactions ?? []}
        selection={state.selection}
        setSelection={state.setSelection}
        count={list.data?.transactions_count ?? 0}
        pageSize={state.pageSize}
        preference={list.data?.bulk_edit_preference ?? null}
        filter={body}
      />
      {list.isError && !list.data ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : (
        <Box pos="relative" mih={200}>
          <LoadingOverlay
            visible={list.isFetching}
            zIndex={5}
            overlayProps={{ blur: 1 }}
            data-testid="list-loader"
          />
          <TransactionsTable
            rows={list.data?.transactions ?? []}
            grouped={!legacy}
            sort={state.sort}
            onSort={state.toggleSort}
            selection={state.selection}
            onSelection={state.setSelection}
            currency={list.data?.currency ?? 'USD'}
            emptyText={list.isPending ? '' : `No ${tabLabel}transactions found`}
          />
          <ListFooter
            page={state.page}
            pageSize={state.pageSize}
            count={list.data?.transactions_count ?? 0}
            onPage={state.setPage}
            onPageSize={state.setPageSize}
          />
        </Box>
      )}
    </Box>
  );
}
