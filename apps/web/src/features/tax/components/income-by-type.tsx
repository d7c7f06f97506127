import type { YearDetail } from '@lotwise/contracts/tax/year';
import { Card, Table, Text } from '@mantine/core';
import { formatMoney } from '@/lib/format/amount';

export function IncomeByType({ year }: { year: YearDetail }) {
  return (
    <Card withBorder radius="md" p="md">
      <Text fw={600} mb="xs">
        Income by type
      </Text>
      {year.income_by_type.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No crypto income in {year.year}.
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {year.income_by_type.map((t) => (
              <Table.Tr key={t.type}>
                <Table.Td>{t.label}</Table.Td>
                <Table.Td c="dimmed">{t.count}</Table.Td>
                <Table.Td ta="right" c={t.value === null ? 'red.8' : undefined}>
                  {t.value === null ? 'Unknown (no price)' : formatMoney(t.value, year.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
