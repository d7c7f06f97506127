import type { YearDetail } from '@lotwise/contracts/tax/year';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { formatMoney } from '@/lib/format/amount';

function Box({
  label,
  value,
  detail,
  testId,
  unknown,
}: {
  label: string;
  value: string;
  detail?: string;
  testId: string;
  unknown?: string;
}) {
  return (
    <Card withBorder radius="md" p="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text
        fz={22}
        fw={700}
        data-testid={testId}
        c={unknown ? 'red.8' : value.startsWith('-') ? 'red.7' : undefined}
      >
        {unknown ? 'Unknown' : value}
      </Text>
      {unknown ? (
        <Text fz="xs" c="red.8" data-testid={`${testId}-reason`}>
          {unknown}
        </Text>
      ) : null}
      {detail ? (
        <Text fz="xs" c="dimmed">
          {detail}
        </Text>
      ) : null}
    </Card>
  );
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Short- and long-term totals, net gain and income, rounded as the forms print them. A total
 * resting on a value without a price is "Unknown" with its reason, never a confident $0.00.
 */
export function TermTotals({ year }: { year: YearDetail }) {
  const money = (v: string | null) => (v === null ? 'Unknown' : formatMoney(v, year.currency));
  const detail = (t: YearDetail['short_term']) =>
    `${plural(t.count, 'sale', 'sales')} · proceeds ${money(t.proceeds)} · basis ${money(t.cost_basis)}`;
  const noPrice = (n: number, what: [string, string]) =>
    n > 0 ? `${plural(n, ...what)} without a price` : undefined;
  const sales = year.short_term.missing_prices + year.long_term.missing_prices;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Box
        label="Short-term gain"
        value={money(year.short_term.gain)}
        detail={detail(year.short_term)}
        testId="short-term-gain"
        unknown={noPrice(year.short_term.missing_prices, ['sale', 'sales'])}
      />
      <Box
        label="Long-term gain"
        value={money(year.long_term.gain)}
        detail={detail(year.long_term)}
        testId="long-term-gain"
        unknown={noPrice(year.long_term.missing_prices, ['sale', 'sales'])}
      />
      <Box
        label="Net capital gain"
        value={money(year.net_gain)}
        testId="net-gain"
        unknown={noPrice(sales, ['sale', 'sales'])}
      />
      <Box
        label="Income"
        value={money(year.income_total)}
        detail={`${year.income_by_type.length} type(s)`}
        testId="income-total"
        unknown={noPrice(year.income_missing_prices, ['receipt', 'receipts'])}
      />
    </SimpleGrid>
  );
}
