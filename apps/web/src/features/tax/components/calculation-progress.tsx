import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useTaxYear } from '@/hooks/use-tax-year';
import { useCheckCalculation } from '@/lib/api/tax/check-calculation';
import { errorText } from '@/lib/api-client';
import { useImportsChannel } from '@/lib/realtime';
import { CalculateTaxesButton } from './calculate-taxes-button';

/**
 * /tax-calculation?traceId=: the calculation's progress, from the imports channel's job events
 * and a 1 s poll of check_tax_calculation; when it is done the user goes to the year's page.
 */
export function CalculationProgress({ traceId }: { traceId: string | null }) {
  const navigate = useNavigate();
  const check = useCheckCalculation(traceId);
  const [live, setLive] = useState<{ progress: number; message: string | null } | null>(null);
  useImportsChannel((message) => {
    const data = message.data;
    if (message.event !== 'job' || data?.name !== 'tax.calculate') return;
    const progress = typeof data.progress === 'number' ? data.progress : 0;
    setLive({ progress, message: typeof data.message === 'string' ? data.message : null });
  });
  const state = check.data?.state;
  // The latest year with a sale or income: the header's year follows it.
  const year = check.data?.tax_year;
  const [, setTaxYear] = useTaxYear();
  useEffect(() => {
    if (state !== 'complete' || !year) return;
    const timer = setTimeout(() => {
      setTaxYear(year);
      navigate(paths.oneYear.getHref(year), { replace: true });
    }, 600);
    return () => clearTimeout(timer);
  }, [state, year, navigate, setTaxYear]);

  if (!traceId) return <EmptyState title="No calculation selected" action={<CalculateTaxesButton />} />;
  if (check.isPending) return <LoadingState label="Checking your tax calculation…" />;
  if (check.isError) return <ErrorState message={errorText(check.error)} onRetry={() => check.refetch()} />;
  const data = check.data;
  const progress = state === 'complete' ? 100 : Math.max(data.progress, live?.progress ?? 0);
  const message = state === 'complete' ? 'Done' : (live?.message ?? data.message ?? 'Waiting to start');

  return (
    <Card withBorder radius="md" p="xl" maw={640} mx="auto">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {state === 'failed'
            ? 'The tax calculation failed'
            : state === 'complete'
              ? 'Your taxes are ready'
              : 'Calculating your taxes'}
        </Title>
        {state === 'failed' ? (
          <Stack gap="sm" align="flex-start">
            <Text fz="sm" c="red">
              {data.message ?? 'Something went wrong during the calculation.'}
            </Text>
            <CalculateTaxesButton />
          </Stack>
        ) : state === 'superseded' ? (
          <Text fz="sm">A newer calculation replaced this one.</Text>
        ) : (
          <>
            <Progress
              value={progress}
              color="teal"
              size="lg"
              striped
              animated={progress < 100}
              aria-label="Calculation progress"
            />
            <Group justify="space-between">
              <Text fz="sm" c="dimmed" data-testid="calc-message">
                {message}
              </Text>
              <Text fz="sm" fw={600} data-testid="calc-progress">
                {progress}%
              </Text>
            </Group>
          </>
        )}
        <Group gap="sm">
          <Button component={Link} to={paths.tax.getHref()} variant="default">
            Tax Center
          </Button>
          {state === 'complete' && year ? (
            <Button component={Link} to={paths.oneYear.getHref(year)} color="teal">
              View Taxes
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
