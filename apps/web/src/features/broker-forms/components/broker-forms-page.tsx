import { Alert, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TaxPageHeader } from '@/components/tax/tax-page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useTaxYear } from '@/hooks/use-tax-year';
import { useBrokerForms } from '@/lib/api/broker-forms/broker-forms';
import { errorText } from '@/lib/api-client';
import { formatMoney } from '@/lib/format/amount';
import { useSession } from '@/lib/session/session';
import { taxYearOptions } from '@/lib/tax-year';
import { FormsList } from './forms-list';
import { TieOutSection } from './tie-out-section';
import { TypedFormDialog } from './typed-form-dialog';
import { UploadCard } from './upload-card';

/** Form 1099-DA exists from tax year 2025. */
const FIRST_YEAR = 2025;

function BrokerYearSelect({ year }: { year: number }) {
  const navigate = useNavigate();
  const [, setYear] = useTaxYear();
  const years = taxYearOptions().filter((y) => y >= FIRST_YEAR);
  const data = (years.includes(year) ? years : [year, ...years]).map((y) => ({
    value: String(y),
    label: String(y),
  }));
  return (
    <Select
      aria-label="Tax year"
      w={118}
      leftSection={<IconCalendar size={16} />}
      data={data}
      value={String(year)}
      allowDeselect={false}
      onChange={(value) => {
        if (!value) return;
        setYear(Number(value));
        navigate(paths.brokerForms.getHref(Number(value)));
      }}
    />
  );
}

/** /broker_forms?year=: the year's Forms 1099-DA — upload, type in, list; read-only for an accountant. */
export function BrokerFormsPage({ year }: { year: number }) {
  const forms = useBrokerForms(year);
  const readOnly = Boolean(useSession().data?.masquerade);
  const [typing, setTyping] = useState(false);
  // The account the page is working on: chosen for an upload, else the one the year's forms are
  // all from. The typed-in form's dialog starts from it.
  const [account, setAccount] = useState<string | null>(null);
  const formAccounts = [...new Set((forms.data?.forms ?? []).map((f) => String(f.account_id)))];
  const pageAccount = account ?? (formAccounts.length === 1 ? formAccounts[0]! : null);
  return (
    <>
      <TaxPageHeader
        title={`Broker forms ${year}`}
        description="Forms 1099-DA from your exchanges, tied out line by line against your Form 8949."
        actions={<BrokerYearSelect year={year} />}
      />
      {year < FIRST_YEAR ? (
        <Alert color="gray">Form 1099-DA starts with tax year 2025; earlier years have none.</Alert>
      ) : forms.isPending ? (
        <LoadingState />
      ) : forms.isError ? (
        <ErrorState
          title="Your broker forms could not be read"
          message={errorText(forms.error)}
          onRetry={() => forms.refetch()}
        />
      ) : (
        <Stack gap="lg">
          {readOnly ? (
            <Alert color="blue" data-testid="broker-forms-read-only">
              You are viewing your client’s forms: only they can add or remove one.
            </Alert>
          ) : (
            <UploadCard
              year={year}
              account={pageAccount}
              onAccount={setAccount}
              onType={() => setTyping(true)}
            />
          )}
          <FormsList forms={forms.data.forms} readOnly={readOnly} />
          <Card>
            <Group justify="space-between">
              <Text fz="sm">Federal income tax withheld (box 4), all forms of {year}</Text>
              <Text fw={700} data-testid="broker-withheld">
                {formatMoney(forms.data.federal_tax_withheld)}
              </Text>
            </Group>
          </Card>
          <TieOutSection year={year} hasForms={forms.data.forms.length > 0} readOnly={readOnly} />
        </Stack>
      )}
      {readOnly ? null : (
        <TypedFormDialog
          year={year}
          opened={typing}
          initialAccount={pageAccount}
          onClose={() => setTyping(false)}
        />
      )}
    </>
  );
}
