import { HOLDINGS_DEFAULT_PAGE_SIZE } from '@lotwise/contracts/holdings/holdings';
import { Box, Group, Pagination, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { errorText } from '@/lib/api-client';
import { formatMoney } from '@/lib/format/amount';
import { useHoldingTotals } from '../api/get-totals';
import { useHoldingInProgress } from '../api/holding-in-progress';
import { useHoldings } from '../api/list-holdings';
import { AllocationChart } from './allocation-chart';
import { CalculateCta, CalculationNotice } from './calculation-notice';
import { HoldingsControls, type HoldingsView } from './holdings-controls';
import { HoldingsTable } from './holdings-table';
import { SummaryCards } from './summary-cards';

/** /holdings: what the latest tax calculation says the user holds, valued where a price is known. */
export function HoldingsPage() {
  const [view, setView] = useState<HoldingsView>({
    bySource: false,
    account: null,
    perPage: HOLDINGS_DEFAULT_PAGE_SIZE,
  });
  const [page, setPage] = useState(1);
  const inProgress = useHoldingInProgress();
  const list = useHoldings({ ...view, page });
  const totals = useHoldingTotals(view.account);
  const header = (
    <PageHeader
      title="Holdings"
      description="What you hold now, with cost basis, value and unrealised gain."
    />
  );

  if (list.isPending || totals.isPending)
    return (
      <Box>
        {header}
        <LoadingState label="Loading holdings…" />
      </Box>
    );
  const failed = list.error ?? totals.error;
  if (failed || !list.data || !totals.data) {
    return (
      <Box>
        {header}
        <ErrorState
          title="Could not load your holdings"
          message={errorText(failed)}
          onRetry={() => {
            void list.refetch();
            void totals.refetch();
          }}
        />
      </Box>
    );
  }
  const data = list.data;
  const busy = inProgress || data.holding_in_progress;
  if (data.calculated_at === null) {
    return (
      <Box>
        {header}
        <CalculationNotice inProgress={busy} stale={false} calculatedAt={null} />
        {busy ? null : <CalculateCta what="your holdings" />}
      </Box>
    );
  }
  const change = (patch: Partial<HoldingsView>) => {
    setView((v) => ({ ...v, ...patch }));
    setPage(1);
  };
  return (
    <Box>
      {header}
      <CalculationNotice inProgress={busy} stale={data.stale} calculatedAt={data.calculated_at} />
      <SummaryCards totals={totals.data.data} currency={data.currency} />
      <Box mb="md">
        <AllocationChart totals={totals.data.data} currency={data.currency} />
      </Box>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="baseline" mb="sm" wrap="wrap">
          <Title order={2} fz="md">
            {data.data.assets_total}{' '}
            {view.bySource ? 'positions' : data.data.assets_total === 1 ? 'asset' : 'assets'}
          </Title>
          <Text fz="sm" c="dimmed" data-testid="total-holdings">
            Total value {formatMoney(data.data.total_holdings, data.currency)}
          </Text>
        </Group>
        <HoldingsControls view={view} onChange={change} />
        {data.data.holdings.length === 0 ? (
          <EmptyState
            title="Nothing held here"
            description={
              view.account === null
                ? 'Your latest calculation leaves no open positions: everything was sold or sent.'
                : 'After the latest calculation this account holds no assets.'
            }
          />
        ) : (
          <HoldingsTable rows={data.data.holdings} currency={data.currency} bySource={view.bySource} />
        )}
        {data.meta.total_pages > 1 ? (
          <Pagination
            mt="md"
            total={data.meta.total_pages}
            value={data.meta.current_page}
            onChange={setPage}
            siblings={1}
            size="sm"
            data-testid="holdings-pager"
          />
        ) : null}
      </Paper>
    </Box>
  );
}
