import type { YearDetail } from '@lotwise/contracts/tax/year';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { formatMoney } from '@/lib/format/amount';

function Box({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" p="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} data-testid={testId} c={value.startsWith('-') ? 'red.7' : undefined}>
        {value}
      </Text>
      {detail ? (
        <Text fz="xs" c="dimmed">
          {detail}
        </Text>
      ) : null}
    </Card>
  );
}

/** Short- and long-term totals, net gain and income, rounded as the forms print them. */
export function TermTotals({ year }: { year: YearDetail }) {
  const money = (v: string) => formatMoney(v, year.currency);
  const detail = (t: YearDetail['short_term']) =>
    `${t.count} sale${t.count === 1 ? '' : 's'} · proceeds ${money(t.proceeds)} · basis ${money(t.cost_basis)}`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Box
        label="Short-term gain"
        value={money(year.short_term.gain)}
        detail={detail(year.short_term)}
        testId="short-term-gain"
      />
      <Box
        label="Long-term gain"
        value={money(year.long_term.gain)}
        detail={detail(year.long_term)}
        testId="long-term-gain"
      />
      <Box label="Net capital gain" value={money(year.net_gain)} testId="net-gain" />
      <Box
        label="Income"
        value={money(year.income_total)}
        detail={`${year.income_by_type.length} type(s)`}
        testId="income-total"
      />
    </SimpleGrid>
  );
}
