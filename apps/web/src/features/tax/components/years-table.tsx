import { yearOutOfDate, type yearSummary } from '@lotwise/contracts/tax/calculation';
import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { z } from 'zod';
import { IncompleteBadge } from '@/components/tax/incomplete-badge';
import { paths } from '@/config/paths';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { formatMoney } from '@/lib/format/amount';
import { methodForYear } from '../method-for-year';
import { ReportsMenu } from './reports-menu';

type Year = z.infer<typeof yearSummary>;

function gainColor(value: string): string | undefined {
  return value === UNKNOWN ? 'red.8' : value.trim().startsWith('-') ? 'red.7' : undefined;
}

const UNKNOWN = 'Unknown';

/** A year's figure as shown: Unknown when it rests on a missing price, never its $0.00. */
function figure(y: Year, key: Year['unknown_figures'][number], currency: string): string {
  return y.unknown_figures.includes(key) ? UNKNOWN : formatMoney(y[key], currency);
}

export function YearStatus({ stale, missing }: { stale: boolean; missing: number }) {
  const outOfDate = stale ? (
    <Badge color="orange" variant="light" data-testid="year-out-of-date">
      Out of date
    </Badge>
  ) : null;
  if (missing > 0) {
    return (
      <Stack gap={4} align="flex-start">
        <IncompleteBadge missing={missing} />
        {outOfDate}
      </Stack>
    );
  }
  return (
    outOfDate ?? (
      <Badge color="teal" variant="light">
        Calculated
      </Badge>
    )
  );
}

/** The tax centre's years: gains, losses, income, status, method and the reports of each. */
export function YearsTable({
  years,
  stale,
  staleFrom = null,
  method,
  currency,
}: {
  years: Year[];
  stale: boolean;
  /** The first out-of-date year; null: every year (when stale). */
  staleFrom?: number | null;
  method: string;
  currency: string;
}) {
  const mobile = useIsMobile();
  const outdated = (year: number) => yearOutOfDate({ stale, fromYear: staleFrom }, year);
  if (mobile) {
    return (
      <Stack gap="sm">
        {years.map((y) => (
          <Card key={y.year} withBorder radius="md" p="md" data-testid={`year-${y.year}`}>
            <Group justify="space-between" mb={6}>
              <Anchor component={Link} to={paths.oneYear.getHref(y.year)} fw={700} fz="lg">
                {y.year}
              </Anchor>
              <YearStatus stale={outdated(y.year)} missing={y.missing_prices} />
            </Group>
            <Text fz="sm">
              Short-term:{' '}
              <Text span c={gainColor(figure(y, 'short_term_gain', currency))}>
                {figure(y, 'short_term_gain', currency)}
              </Text>
            </Text>
            <Text fz="sm">
              Long-term:{' '}
              <Text span c={gainColor(figure(y, 'long_term_gain', currency))}>
                {figure(y, 'long_term_gain', currency)}
              </Text>
            </Text>
            <Text fz="sm" c={gainColor(figure(y, 'income', currency))}>
              Income: {figure(y, 'income', currency)}
            </Text>
            <Group justify="space-between" mt="xs">
              <Text fz="xs" c="dimmed">
                {methodForYear(method, y.year)}
              </Text>
              <ReportsMenu year={y.year} compact missingPrices={y.missing_prices} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Year</Table.Th>
            <Table.Th ta="right">Short-term gain</Table.Th>
            <Table.Th ta="right">Long-term gain</Table.Th>
            <Table.Th ta="right">Income</Table.Th>
            <Table.Th ta="right">Disposals</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {years.map((y) => (
            <Table.Tr key={y.year} data-testid={`year-${y.year}`}>
              <Table.Td>
                <Anchor component={Link} to={paths.oneYear.getHref(y.year)} fw={700}>
                  {y.year}
                </Anchor>
              </Table.Td>
              <Table.Td
                ta="right"
                c={gainColor(figure(y, 'short_term_gain', currency))}
                data-testid="year-short"
              >
                {figure(y, 'short_term_gain', currency)}
              </Table.Td>
              <Table.Td ta="right" c={gainColor(figure(y, 'long_term_gain', currency))}>
                {figure(y, 'long_term_gain', currency)}
              </Table.Td>
              <Table.Td ta="right" c={gainColor(figure(y, 'income', currency))}>
                {figure(y, 'income', currency)}
              </Table.Td>
              <Table.Td ta="right">{y.disposal_count.toLocaleString('en-US')}</Table.Td>
              <Table.Td>
                <YearStatus stale={outdated(y.year)} missing={y.missing_prices} />
              </Table.Td>
              <Table.Td>{methodForYear(method, y.year)}</Table.Td>
              <Table.Td ta="right">
                <ReportsMenu year={y.year} compact missingPrices={y.missing_prices} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
