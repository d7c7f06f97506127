import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ReviewBanner } from '@/components/review/review-progress';
import { NewImportsBanner } from '@/components/tax/new-imports-banner';
import { TaxPageHeader } from '@/components/tax/tax-page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useTaxYears } from '@/lib/api/tax/list-years';
import { errorText } from '@/lib/api-client';
import { useImportsChannel } from '@/lib/realtime';
import { useUser } from '@/lib/session/session';
import { useTaxSettings } from '../api/tax-settings';
import { CalculateTaxesButton } from './calculate-taxes-button';
import { RefreshControl } from './refresh-control';
import { TaxSettingsCard } from './tax-settings-card';
import { YearsTable } from './years-table';

/** Years with something to report (a year with only purchases has no gains, losses or income). */
function active<T extends { disposal_count: number; income_count: number }>(years: T[]): T[] {
  return years.filter((y) => y.disposal_count > 0 || y.income_count > 0);
}

/** /tax: every year with results, the calculation controls, settings and reports. */
export function TaxCentrePage() {
  useImportsChannel();
  const user = useUser();
  const years = useTaxYears();
  const settings = useTaxSettings();
  return (
    <>
      <TaxPageHeader
        title="Tax Center"
        description="Gains, losses and income for each tax year, and the reports to file them."
        actions={
          <Stack gap={4} align="flex-end">
            <CalculateTaxesButton />
            <RefreshControl />
          </Stack>
        }
      />
      <NewImportsBanner />
      <ReviewBanner />
      <Stack gap="lg">
        {years.isPending ? (
          <LoadingState />
        ) : years.isError ? (
          <ErrorState message={errorText(years.error)} onRetry={() => years.refetch()} />
        ) : active(years.data.years).length === 0 ? (
          <Card withBorder radius="md" p="xl">
            <CalculateTaxesButton variant="notfound" />
          </Card>
        ) : (
          <YearsTable
            years={active(years.data.years)}
            stale={years.data.stale}
            staleFrom={years.data.stale_from}
            method={settings.data?.method ?? ''}
            currency={user.currency}
          />
        )}
        <TaxSettingsCard />
        {user.country_code === 'US' ? (
          <Group gap="lg">
            <Text fz="sm">
              Ready to file?{' '}
              <Anchor component={Link} to={paths.taxFiling.getHref()}>
                File your tax return
              </Anchor>
            </Text>
            <Text fz="sm">
              Got a Form 1099-DA?{' '}
              <Anchor component={Link} to={paths.brokerForms.getHref(new Date().getFullYear() - 1)}>
                Broker forms
              </Anchor>
            </Text>
            <Text fz="sm">
              Working with an accountant?{' '}
              <Anchor component={Link} to={paths.workWithTaxPro.getHref()}>
                Add your tax pro
              </Anchor>
            </Text>
          </Group>
        ) : null}
      </Stack>
    </>
  );
}
