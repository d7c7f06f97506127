import { Box, Button, Grid, Paper } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { dashboardKeys, useTaxYears } from '@/features/dashboard/api/get-tax-years';
import { GainsChart, yearLines } from '@/features/dashboard/components/gains-chart';
import { ImportStatusCard } from '@/features/dashboard/components/import-status';
import { ReviewSummary } from '@/features/dashboard/components/review-summary';
import { useHoldingTotals } from '@/features/holdings/api/get-totals';
import { useHoldingInProgress } from '@/features/holdings/api/holding-in-progress';
import { AllocationChart } from '@/features/holdings/components/allocation-chart';
import { CalculateCta, CalculationNotice } from '@/features/holdings/components/calculation-notice';
import { SummaryCards } from '@/features/holdings/components/summary-cards';
import { reviewKeys } from '@/lib/api/review/keys';
import { errorText } from '@/lib/api-client';
import { useImportsChannel } from '@/lib/realtime';

const REFRESH_AFTER_CALCULATION = [dashboardKeys.all];

/** Portfolio value and allocation, gains by year, and what is left to do (review, imports). */
function Figures() {
  const inProgress = useHoldingInProgress(REFRESH_AFTER_CALCULATION);
  const totals = useHoldingTotals(null);
  const years = useTaxYears();
  if (totals.isPending || years.isPending) return <LoadingState label="Loading your portfolio…" />;
  const failed = totals.error ?? years.error;
  if (failed || !totals.data || !years.data) {
    return (
      <ErrorState
        title="Could not load your portfolio"
        message={errorText(failed)}
        onRetry={() => {
          void totals.refetch();
          void years.refetch();
        }}
      />
    );
  }
  const t = totals.data;
  const busy = inProgress || t.holding_in_progress;
  if (t.calculated_at === null) {
    return (
      <>
        <CalculationNotice inProgress={busy} stale={false} calculatedAt={null} />
        {busy ? null : (
          <Paper withBorder radius="md" data-testid="dashboard-cta">
            <CalculateCta what="your portfolio value, allocation and gains" />
          </Paper>
        )}
      </>
    );
  }
  return (
    <>
      <CalculationNotice inProgress={busy} stale={t.stale} calculatedAt={t.calculated_at} />
      <SummaryCards totals={t.data} currency={t.currency} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AllocationChart totals={t.data} currency={t.currency} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <GainsChart lines={yearLines(years.data.data.years, t.data)} currency={t.currency} />
        </Grid.Col>
      </Grid>
    </>
  );
}

export function DashboardPage() {
  const client = useQueryClient();
  // A finished calculation refreshes every card: the channel refetches the transaction counts
  // (the Review card's Missing prices), the years and review steps are refetched here, so the
  // card never keeps the count from before the calculation beside the years' INCOMPLETE badges.
  useImportsChannel((message) => {
    if (message.event !== 'tax_calculated') return;
    void client.invalidateQueries({ queryKey: dashboardKeys.all });
    void client.invalidateQueries({ queryKey: reviewKeys.all });
  });
  return (
    <Box>
      <PageHeader
        title="Dashboard"
        description="Your portfolio, gains and what is left before filing."
        actions={
          <Button
            component={Link}
            to={paths.holdings.getHref()}
            variant="light"
            size="xs"
            rightSection={<IconArrowRight size={14} />}
          >
            Holdings
          </Button>
        }
      />
      <Figures />
      <Grid gutter="md" mt="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <ReviewSummary />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <ImportStatusCard />
        </Grid.Col>
      </Grid>
    </Box>
  );
}
