import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { IncompleteBadge } from '@/components/tax/incomplete-badge';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useReviewSummary } from '@/lib/api/review/review';
import { useTaxDetails } from '@/lib/api/tax/get-details';
import { useTaxYears } from '@/lib/api/tax/list-years';
import { useRecalculate } from '@/lib/api/tax/recalculate';
import { errorText } from '@/lib/api-client';
import { formatMoney } from '@/lib/format/amount';
import { useImportsChannel } from '@/lib/realtime';
import { useUser } from '@/lib/session/session';
import { defaultTaxYear } from '@/lib/tax-year';
import { rememberStep } from '../utils/current-step';
import { rememberedWorkingYear } from '../utils/working-year';

function Figure({
  label,
  value,
  testId,
  unknown = false,
}: {
  label: string;
  value: string;
  testId: string;
  /** The figure rests on a missing price: Unknown, never its stored amount (issue 35.1). */
  unknown?: boolean;
}) {
  return (
    <Card withBorder p="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} c={unknown ? 'red.8' : undefined} data-testid={testId}>
        {unknown ? 'Unknown' : value}
      </Text>
      {unknown ? (
        <Text fz="xs" c="red.8" data-testid={`${testId}-reason`}>
          Rests on a missing price
        </Text>
      ) : null}
    </Card>
  );
}

/** The review's last step: the tax year's figures, what (if anything) is left, and the reports. */
export function TaxSummaryPage() {
  const user = useUser();
  const client = useQueryClient();
  const years = useTaxYears();
  const recalculate = useRecalculate();
  useImportsChannel((message) => {
    if (message.event === 'tax_calculated') void client.invalidateQueries();
  });
  const review = useReviewSummary();
  const details = useTaxDetails();
  const [params] = useSearchParams();
  // The year the user was working on (the method step names it), else the latest with figures.
  const asked = Number(params.get('year'));
  const year =
    Number.isInteger(asked) && asked > 0
      ? asked
      : (rememberedWorkingYear() ?? details.data?.tax_year ?? defaultTaxYear());
  useEffect(() => {
    rememberStep('tax_summary');
  }, []);
  if (years.isPending || review.isPending || details.isPending) return <LoadingState />;
  if (years.isError) return <ErrorState message={errorText(years.error)} onRetry={() => years.refetch()} />;
  // Years come newest first: the fallback is the latest year with results, never the oldest.
  const found =
    years.data.years.find((y) => y.year === year) ??
    years.data.years.find((y) => y.disposal_count > 0 || y.income_count > 0) ??
    years.data.years[0];
  return (
    <>
      <PageHeader
        title="Tax summary"
        description={found ? `Your ${found.year} tax year.` : 'Your tax years.'}
      />
      <Stack gap="lg">
        {years.data.stale ? (
          <Alert color="orange" title="Recalculate your taxes" data-testid="summary-stale">
            <Group justify="space-between" gap="xs">
              <Text fz="sm">
                {[...years.data.stale_reasons, ''].join(' ')}
                Recalculate to see the effect on the figures below.
              </Text>
              <Button size="xs" loading={recalculate.isPending} onClick={() => recalculate.mutate()}>
                Recalculate
              </Button>
            </Group>
          </Alert>
        ) : null}
        {review.data && review.data.total > 0 ? (
          <Card withBorder>
            <Group justify="space-between">
              <Text fz="sm">
                {review.data.total.toLocaleString('en-US')}{' '}
                {review.data.total === 1 ? 'thing is' : 'things are'} still open in the review.
              </Text>
              <Button component={Link} to={paths.review.getHref()} size="xs" variant="light">
                Back to the review
              </Button>
            </Group>
          </Card>
        ) : (
          <Group gap="xs" data-testid="review-done">
            <IconCircleCheck size={20} color="var(--mantine-color-teal-6)" />
            <Text fz="sm">Everything is reviewed.</Text>
          </Group>
        )}
        {found ? (
          <Stack gap="sm">
            <Group gap="sm">
              <Title order={2} fz="lg">
                {found.year}
              </Title>
              <IncompleteBadge missing={found.missing_prices} />
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              <Figure
                label="Short-term gain"
                value={formatMoney(found.short_term_gain, user.currency)}
                testId="summary-short"
                unknown={found.unknown_figures.includes('short_term_gain')}
              />
              <Figure
                label="Long-term gain"
                value={formatMoney(found.long_term_gain, user.currency)}
                testId="summary-long"
                unknown={found.unknown_figures.includes('long_term_gain')}
              />
              <Figure
                label="Income"
                value={formatMoney(found.income, user.currency)}
                testId="summary-income"
                unknown={found.unknown_figures.includes('income')}
              />
              <Figure
                label="Proceeds"
                value={formatMoney(found.proceeds, user.currency)}
                testId="summary-proceeds"
                unknown={found.unknown_figures.includes('proceeds')}
              />
            </SimpleGrid>
            <Group gap="lg">
              <Anchor component={Link} to={paths.oneYear.getHref(found.year)}>
                See every sale and download the reports
              </Anchor>
              <Anchor component={Link} to={paths.tax.getHref()}>
                Tax Center
              </Anchor>
            </Group>
          </Stack>
        ) : (
          <Text c="dimmed">Run the tax calculation to see your figures.</Text>
        )}
      </Stack>
    </>
  );
}
