import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconCalculator } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { formatDay } from '@/lib/format/display';
import { useCalculationDetails, useStartCalculation } from '../api/calculation';

/** A running calculation, or results older than the transactions, above the figures. */
export function CalculationNotice({
  inProgress,
  stale,
  calculatedAt,
}: {
  inProgress: boolean;
  stale: boolean;
  calculatedAt: string | null;
}) {
  const start = useStartCalculation();
  const reasons = useCalculationDetails().data?.data.stale_reasons ?? [];
  if (inProgress) {
    return (
      <Alert color="blue" variant="light" mb="md" icon={<Loader size={16} />} data-testid="calc-in-progress">
        Calculating your taxes. The figures below update when it finishes.
      </Alert>
    );
  }
  if (!stale || !calculatedAt) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="md"
      icon={<IconAlertCircle size={18} />}
      data-testid="calc-stale"
    >
      <Group justify="space-between" gap="sm">
        <Text fz="sm">
          {reasons.length > 0
            ? `${reasons.join(' ')} These figures are from the calculation of ${formatDay(calculatedAt)}.`
            : `Your transactions or tax settings changed after the calculation of ${formatDay(calculatedAt)}. These figures may be out of date.`}
        </Text>
        <Button size="xs" variant="white" loading={start.isPending} onClick={() => start.mutate(true)}>
          Recalculate
        </Button>
      </Group>
      {start.isError ? (
        <Text fz="xs" c="red.7" mt={4}>
          {errorText(start.error)}
        </Text>
      ) : null}
    </Alert>
  );
}

/** No finished calculation yet: a clear call to calculate (or to import first). */
export function CalculateCta({ what }: { what: string }) {
  const details = useCalculationDetails();
  const start = useStartCalculation();
  const nothing = details.data?.data.taxable_or_incoming === false;
  return (
    <EmptyState
      icon={<IconCalculator size={28} />}
      title="Run your tax calculation"
      description={
        nothing
          ? `There are no transactions to calculate yet. Import your wallets and exchanges, then calculate to see ${what}.`
          : `${what[0]!.toUpperCase()}${what.slice(1)} come from your tax calculation. Run it to see them.`
      }
      action={
        nothing ? (
          <Button component={Link} to={paths.imports.getHref()} data-testid="cta-import">
            Import transactions
          </Button>
        ) : (
          <>
            <Button
              leftSection={<IconCalculator size={16} />}
              loading={start.isPending}
              disabled={details.isPending}
              onClick={() => start.mutate(false)}
              data-testid="cta-calculate"
            >
              Calculate Taxes
            </Button>
            {start.isError ? (
              <Text fz="sm" c="red.7" role="alert">
                {errorText(start.error)}
              </Text>
            ) : null}
          </>
        )
      }
    />
  );
}
