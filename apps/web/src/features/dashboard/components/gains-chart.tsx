import '@mantine/charts/styles.css';
import type { HoldingTotals } from '@lotwise/contracts/holdings/holdings';
import type { yearSummary } from '@lotwise/contracts/tax/calculation';
import { BarChart } from '@mantine/charts';
import { Paper, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import type { z } from 'zod';
import { IncompleteBadge } from '@/components/tax/incomplete-badge';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { formatMoney } from '@/lib/format/amount';
import { gainColor } from '@/lib/format/display';

type YearSummary = z.infer<typeof yearSummary>;

interface YearLine {
  year: number;
  shortTerm: string | null;
  longTerm: string | null;
  unrealised: string | null;
  /** Transactions of the year without a price: its realised figures are incomplete. */
  missing: number;
  /** Realised figures that rest on a missing price: shown as Unknown, never as their $0.00. */
  unknown: Array<'shortTerm' | 'longTerm'>;
}

/** Realised gains per tax year, and unrealised gain of what is still held by the year it was bought. */
export function yearLines(years: YearSummary[], totals: HoldingTotals | undefined): YearLine[] {
  const lines = new Map<number, YearLine>();
  const line = (year: number) => {
    const found = lines.get(year) ?? {
      year,
      shortTerm: null,
      longTerm: null,
      unrealised: null,
      missing: 0,
      unknown: [],
    };
    lines.set(year, found);
    return found;
  };
  for (const y of years) {
    const l = line(y.year);
    l.shortTerm = y.short_term_gain;
    l.longTerm = y.long_term_gain;
    l.missing = y.missing_prices;
    if (y.unknown_figures.includes('short_term_gain')) l.unknown.push('shortTerm');
    if (y.unknown_figures.includes('long_term_gain')) l.unknown.push('longTerm');
  }
  for (const u of totals?.unrealised_by_year ?? []) line(u.year).unrealised = u.unrealised_gain;
  return [...lines.values()].sort((a, b) => a.year - b.year);
}

function Money({
  value,
  currency,
  unknown = false,
}: {
  value: string | null;
  currency: string;
  unknown?: boolean;
}) {
  if (unknown) {
    return (
      <Text span fz="xs" c="red.8" style={{ whiteSpace: 'nowrap' }} title="Rests on a missing price">
        Unknown
      </Text>
    );
  }
  return (
    <Text span fz="xs" c={gainColor(value)} style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(value, currency)}
    </Text>
  );
}

/** Bars for the picture (numbers only draw them); the table under it carries the exact amounts. */
export function GainsChart({ lines, currency }: { lines: YearLine[]; currency: string }) {
  // A phone's year column has no room for the badge: it gets a line of its own under the year's figures.
  const mobile = useIsMobile();
  // An unknown figure draws no bar (its stored 0.00 is not a value).
  const data = lines.map((l) => ({
    year: String(l.year),
    'Short-term': l.unknown.includes('shortTerm') ? 0 : Number(l.shortTerm ?? 0),
    'Long-term': l.unknown.includes('longTerm') ? 0 : Number(l.longTerm ?? 0),
    Unrealised: Number(l.unrealised ?? 0),
  }));
  return (
    <Paper withBorder radius="md" p="md" data-testid="gains-card">
      <Title order={2} fz="md">
        Gains by year
      </Title>
      <Text fz="xs" c="dimmed" mb="sm">
        Realised: per tax year of the sale. Unrealised: what you still hold, by the year you got it.
      </Text>
      {lines.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No gains yet.
        </Text>
      ) : (
        <>
          <BarChart
            h={220}
            data={data}
            dataKey="year"
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            valueFormatter={(v) => formatMoney(v.toFixed(2), currency)}
            series={[
              { name: 'Short-term', color: 'orange.6' },
              { name: 'Long-term', color: 'teal.6' },
              { name: 'Unrealised', color: 'blue.4' },
            ]}
            yAxisProps={{ width: 70 }}
          />
          <Table.ScrollContainer minWidth={280} mt="sm">
            <Table fz="xs" verticalSpacing={4} horizontalSpacing={6} data-testid="gains-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Year</Table.Th>
                  <Table.Th ta="right">Short-term</Table.Th>
                  <Table.Th ta="right">Long-term</Table.Th>
                  <Table.Th ta="right">Unrealised</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((l) => (
                  <Fragment key={l.year}>
                    <Table.Tr>
                      <Table.Td>
                        {l.year} {mobile ? null : <IncompleteBadge missing={l.missing} compact />}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money
                          value={l.shortTerm}
                          currency={currency}
                          unknown={l.unknown.includes('shortTerm')}
                        />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money
                          value={l.longTerm}
                          currency={currency}
                          unknown={l.unknown.includes('longTerm')}
                        />
                      </Table.Td>
                      <Table.Td ta="right">
                        <Money value={l.unrealised} currency={currency} />
                      </Table.Td>
                    </Table.Tr>
                    {mobile && l.missing > 0 ? (
                      <Table.Tr>
                        <Table.Td colSpan={4} pt={0} style={{ borderTop: 0 }}>
                          <IncompleteBadge missing={l.missing} />
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Paper>
  );
}
