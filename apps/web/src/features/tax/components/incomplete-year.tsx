import type { YearDetail } from '@lotwise/contracts/tax/year';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { IncompleteBadge } from '@/components/tax/incomplete-badge';
import { paths } from '@/config/paths';

/**
 * The one-year page's INCOMPLETE state: the badge with the year's one count of transactions
 * with a missing price (the same as the Tax Center's and the reports'), what that means for
 * the figures below, and where to fix it.
 */
export function IncompleteYear({ year }: { year: Pick<YearDetail, 'year' | 'missing_prices'> }) {
  if (year.missing_prices <= 0) return null;
  const n = year.missing_prices;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      data-testid="year-incomplete"
      title={
        <Group gap="xs">
          <Text fw={700} fz="sm">
            {year.year} is incomplete
          </Text>
          <IncompleteBadge missing={n} />
        </Group>
      }
    >
      <Text fz="sm">
        {n.toLocaleString('en-US')} transaction{n === 1 ? '' : 's'} of {year.year} {n === 1 ? 'has' : 'have'}{' '}
        no price. Figures that rest on {n === 1 ? 'it' : 'them'} show as Unknown here and "unknown" in every
        report, which also {n === 1 ? 'says' : 'say'} INCOMPLETE.{' '}
        <Anchor component={Link} to={paths.transactions.getHref({ txnType: 'need_review' })} fz="sm">
          Add the missing prices
        </Anchor>{' '}
        or{' '}
        <Anchor component={Link} to={paths.settings.prices.getHref()} fz="sm">
          load a price file
        </Anchor>
        , then recalculate.
      </Text>
    </Alert>
  );
}
