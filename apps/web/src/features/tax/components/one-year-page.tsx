import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { WithheldNote } from '@/components/broker-forms/withheld-note';
import { NewImportsBanner } from '@/components/tax/new-imports-banner';
import { TaxPageHeader } from '@/components/tax/tax-page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useTaxYears } from '@/lib/api/tax/list-years';
import { errorText } from '@/lib/api-client';
import { useImportsChannel } from '@/lib/realtime';
import { useTaxYearDetail } from '../api/get-year';
import { methodForYear } from '../method-for-year';
import { CalculateTaxesButton } from './calculate-taxes-button';
import { DisposalsTable } from './disposals-table';
import { GainsChart } from './gains-chart';
import { IncomeByType } from './income-by-type';
import { IncompleteYear } from './incomplete-year';
import { RefreshControl } from './refresh-control';
import { ReportsMenu } from './reports-menu';
import { TermTotals } from './term-totals';
import { WarningsList } from './warnings-list';
import { YearSelect } from './year-select';

/** /one_year?year=: one tax year's totals, income, chart, sales with their lots, reports. */
export function OneYearPage({ year }: { year: number }) {
  useImportsChannel();
  // Before the first calculation the years list says so (calculated_at null): the year itself is
  // not asked for (it would only answer 404, issue 35.15).
  const years = useTaxYears();
  const calculated = years.data ? years.data.calculated_at !== null : false;
  const detail = useTaxYearDetail(year, calculated);
  const none = years.data?.calculated_at === null || detail.data === null;
  return (
    <>
      <TaxPageHeader
        title={`Tax year ${year}`}
        description={
          detail.data
            ? `${methodForYear(detail.data.method, year)} · ${detail.data.basis} · ${detail.data.currency}`
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
      {none ? (
        <EmptyState title="No tax results yet" action={<CalculateTaxesButton variant="notfound" />} />
      ) : years.isError ? (
        <ErrorState message={errorText(years.error)} onRetry={() => years.refetch()} />
      ) : detail.isPending ? (
        <LoadingState />
      ) : detail.isError ? (
        <ErrorState message={errorText(detail.error)} onRetry={() => detail.refetch()} />
      ) : detail.data === null ? null : (
        <Stack gap="md">
          <IncompleteYear year={detail.data} />
          <TermTotals year={detail.data} />
          <WithheldNote year={year} />
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
