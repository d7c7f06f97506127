import { type ReportForm, reportPath } from '@lotwise/contracts/tax/year';
import { Alert, Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useTaxYear } from '@/hooks/use-tax-year';
import { useTaxYears } from '@/lib/api/tax/list-years';
import { useUser } from '@/lib/session/session';
import { useConfirmedDownload } from '../hooks/use-confirmed-download';

const WAYS: ReadonlyArray<{ title: string; form: ReportForm; steps: string[] }> = [
  {
    title: 'TurboTax',
    form: 'turbotax.csv',
    steps: [
      'Download the TurboTax CSV.',
      'In TurboTax, go to Wages & Income → Investments and Savings → Crypto, choose "Other" as the source and upload the file.',
    ],
  },
  {
    title: 'TaxAct',
    form: 'taxact.csv',
    steps: [
      'Download the TaxAct CSV.',
      'In TaxAct, choose Investment Income → Gain or loss on sale → Import from spreadsheet.',
    ],
  },
  {
    title: 'Paper, a preparer or other software',
    form: 'form-8949.pdf',
    steps: [
      'Download Form 8949 and the Schedule D summary.',
      'Attach Form 8949 to your return, and carry its totals to Schedule D lines 1b–3 and 8b–10.',
      'Report crypto income from the income report on Schedule 1 (line 8v from 2024).',
    ],
  },
];

/** /tax_filing (US region): how to file with each report, and the 1040 digital-asset question. */
export function TaxFilingPage() {
  const user = useUser();
  const [year] = useTaxYear();
  const years = useTaxYears();
  // The year's one count of transactions without a price: an incomplete year asks before a download.
  const missing = years.data?.years.find((y) => y.year === year)?.missing_prices ?? 0;
  const { request, modal } = useConfirmedDownload(missing);
  if (user.country_code !== 'US')
    return (
      <>
        <PageHeader title="File Your Tax Return" />
        <EmptyState
          title="Only for US tax returns"
          description="Filing help is available for US-region accounts."
        />
      </>
    );
  return (
    <>
      <PageHeader
        title="File Your Tax Return"
        description={`Tax year ${year}: file with the reports from your Tax Center.`}
      />
      {modal}
      <Stack gap="md" maw={820}>
        <Alert
          color="blue"
          icon={<IconInfoCircle size={18} />}
          title="The digital asset question on Form 1040"
        >
          <Text fz="sm">
            "At any time during {year}, did you: (a) receive (as a reward, award, or payment for property or
            services); or (b) sell, exchange, or otherwise dispose of a digital asset (or a financial interest
            in a digital asset)?" Answer Yes if you sold, traded, spent or received crypto as income in {year}
            . Only buying and holding, or moving between your own wallets, is a No.
          </Text>
        </Alert>
        {WAYS.map((way) => (
          <Card key={way.title} withBorder radius="md" p="md">
            <Title order={3} fz="md" mb="xs">
              {way.title}
            </Title>
            <List size="sm" type="ordered" spacing={4}>
              {way.steps.map((s) => (
                <List.Item key={s}>{s}</List.Item>
              ))}
            </List>
            <Anchor
              href={reportPath(year, way.form)}
              download
              fz="sm"
              mt="xs"
              display="inline-block"
              onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
                event.preventDefault();
                request(year, way.form, `${way.title} file`);
              }}
            >
              Download for {year}
            </Anchor>
          </Card>
        ))}
        <Text fz="sm">
          All reports are in the{' '}
          <Anchor component={Link} to={paths.tax.getHref()}>
            Tax Center
          </Anchor>
          . Prefer help?{' '}
          <Anchor component={Link} to={paths.workWithTaxPro.getHref()}>
            Work with a tax pro
          </Anchor>
          .
        </Text>
      </Stack>
    </>
  );
}
