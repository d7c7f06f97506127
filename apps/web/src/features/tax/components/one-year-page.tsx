import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { errorText } from '@/lib/api-client';
import { useImportsChannel } from '@/lib/realtime';
import { useTaxYearDetail } from '../api/get-year';
import { CalculateTaxesButton } from './calculate-taxes-button';
import { DisposalsTable } from './disposals-table';
import { GainsChart } from './gains-chart';
import { IncomeByType } from './income-by-type';
import { IncompleteYear } from './incomplete-year';
import { NewImportsBanner } from './new-imports-banner';
import { RefreshControl } from './refresh-control';
import { ReportsMenu } from './reports-menu';
import { TaxPageHeader } from './tax-page-header';
import { TermTotals } from './term-totals';
import { WarningsList } from './warnings-list';
import { YearSelect } from './year-select';

/** /one_year?year=: one tax year's totals, income, chart, sales with their lots, reports. */
export function OneYearPage({ year }: { year: number }) {
  useImportsChannel();
  const detail = useTaxYearDetail(year);
  return (
    <>
      <TaxPageHeader
        title={`Tax year ${year}`}
        description={
          detail.data
            ? `${detail.data.method.toUpperCase()} · ${detail.data.basis} · ${detail.data.currency}`
            : undefined
        }
        actions={
          <Stack gap={4} align="flex-end">
            <Group gap="xs">
              <YearSelect year={year} />
              {detail.data ? <ReportsMenu year={year} missingPrices={detail.data.missing_prices} /> : null}
            </Group>
            <RefreshControl />
          </Stack>
        }
      />
      <NewImportsBanner />
      {detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <ErrorState message={errorText(detail.error)} onRetry={() => detail.refetch()} />
      ) : detail.data === null ? (
        <EmptyState title="No tax results yet" action={<CalculateTaxesButton variant="notfound" />} />
      ) : (
        <Stack gap="md">
          <IncompleteYear year={detail.data} />
          <TermTotals year={detail.data} />
          <WarningsList year={detail.data} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <GainsChart year={detail.data} />
            <IncomeByType year={detail.data} />
          </SimpleGrid>
          <DisposalsTable year={year} currency={detail.data.currency} />
          <Text fz="xs" c="dimmed">
            Amounts are rounded to cents line by line, as on Form 8949; totals are sums of the rounded lines.
          </Text>
        </Stack>
      )}
    </>
  );
}
