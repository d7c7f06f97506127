import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Badge, Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useChooseMethod, useMethodComparison } from '@/lib/api/review/review';
import { useTaxDetails } from '@/lib/api/tax/get-details';
import { errorText } from '@/lib/api-client';
import { formatMoney } from '@/lib/format/amount';
import { defaultTaxYear, taxYearOptions } from '@/lib/tax-year';
import { rememberWorkingYear } from '../utils/working-year';

type Method = 'fifo' | 'lifo' | 'hifo' | 'lofo';
const NAMES: Record<Method, string> = {
  fifo: 'FIFO — first in, first out',
  lifo: 'LIFO — last in, first out',
  hifo: 'HIFO — highest cost first',
  lofo: 'LOFO — lowest cost first',
};

/** The current method for a year from the user's method list ("fifo" or "2020:fifo,2024:hifo"). */
function methodFor(text: string, year: number): string {
  const entries = text.split(',').map((p) => p.trim().split(':'));
  if (entries.length === 1 && entries[0]!.length === 1) return entries[0]![0]!;
  let found = entries[0]?.[1] ?? 'fifo';
  for (const [from, method] of entries) if (Number(from) <= year && method) found = method;
  return found;
}

/**
 * SelectLifoFifo: one tax year under each lot method, side by side, before choosing. The
 * choice applies from that year on; earlier years keep their method.
 */
export function MethodPanel({ onChosen }: { onChosen: (year: number) => void }) {
  // The year the user works on: the latest with a sale or income, until they pick another.
  const working = useTaxDetails().data?.tax_year;
  const [picked, setYear] = useState<number | null>(null);
  const year = picked ?? working ?? defaultTaxYear();
  const mobile = useIsMobile();
  const comparison = useMethodComparison(year, true);
  const choose = useChooseMethod();
  const current = comparison.data ? methodFor(comparison.data.current, year) : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Select
          label="Tax year"
          data={taxYearOptions().map((y) => String(y))}
          value={String(year)}
          onChange={(v) => v && setYear(Number(v))}
          w={120}
          allowDeselect={false}
        />
        {current ? (
          <Text fz="sm" c="dimmed">
            Now: {current.toUpperCase()}
          </Text>
        ) : null}
      </Group>
      {comparison.isPending ? (
        <LoadingState label="Calculating the year four ways…" />
      ) : comparison.isError ? (
        <ErrorState message={errorText(comparison.error)} onRetry={() => comparison.refetch()} />
      ) : (
        <>
          <Card withBorder p="sm">
            <BarChart
              h={200}
              data={comparison.data.methods.map((m) => ({
                method: m.method.toUpperCase(),
                'Short-term': Number(m.short_term_gain),
                'Long-term': Number(m.long_term_gain),
              }))}
              dataKey="method"
              withLegend
              series={[
                { name: 'Short-term', color: 'orange.6' },
                { name: 'Long-term', color: 'teal.6' },
              ]}
              valueFormatter={(v) => formatMoney(v.toFixed(2), comparison.data.currency)}
              yAxisProps={{ width: 70 }}
            />
          </Card>
          {mobile ? (
            comparison.data.methods.map((m) => (
              <Card key={m.method} withBorder p="sm" data-testid={`method-${m.method}`}>
                <Group justify="space-between">
                  <Text fw={700}>{m.method.toUpperCase()}</Text>
                  {current === m.method ? <Badge variant="light">Current</Badge> : null}
                </Group>
                <Text fz="sm">Short-term {formatMoney(m.short_term_gain, comparison.data.currency)}</Text>
                <Text fz="sm">Long-term {formatMoney(m.long_term_gain, comparison.data.currency)}</Text>
                <Text fz="sm" fw={600}>
                  Net {formatMoney(m.net_gain, comparison.data.currency)}
                </Text>
                {/* The current method does not offer itself (the table does the same). */}
                {current === m.method ? null : (
                  <Button
                    mt="xs"
                    size="xs"
                    variant="light"
                    loading={choose.isPending}
                    onClick={() => pick(m.method)}
                  >
                    Use {m.method.toUpperCase()}
                  </Button>
                )}
              </Card>
            ))
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" data-testid="method-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Method</Table.Th>
                    <Table.Th ta="right">Proceeds</Table.Th>
                    <Table.Th ta="right">Cost basis</Table.Th>
                    <Table.Th ta="right">Short-term</Table.Th>
                    <Table.Th ta="right">Long-term</Table.Th>
                    <Table.Th ta="right">Net gain</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {comparison.data.methods.map((m) => (
                    <Table.Tr key={m.method} data-testid={`method-${m.method}`}>
                      <Table.Td>
                        <Text fz="sm" fw={600}>
                          {NAMES[m.method]}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(m.proceeds, comparison.data.currency)}</Table.Td>
                      <Table.Td ta="right">{formatMoney(m.cost_basis, comparison.data.currency)}</Table.Td>
                      <Table.Td ta="right">
                        {formatMoney(m.short_term_gain, comparison.data.currency)}
                      </Table.Td>
                      <Table.Td ta="right">
                        {formatMoney(m.long_term_gain, comparison.data.currency)}
                      </Table.Td>
                      <Table.Td ta="right" fw={700}>
                        {formatMoney(m.net_gain, comparison.data.currency)}
                      </Table.Td>
                      <Table.Td ta="right">
                        {current === m.method ? (
                          <Badge variant="light">Current</Badge>
                        ) : (
                          <Button
                            size="xs"
                            variant="light"
                            loading={choose.isPending}
                            onClick={() => pick(m.method)}
                          >
                            Use {m.method.toUpperCase()}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Alert color="gray" variant="light">
            The method applies from {year} on; earlier years keep theirs. Ask your tax professional before
            switching methods between years.
          </Alert>
          {current ? (
            <Group justify="flex-end">
              <Button onClick={() => pick(current as Method)} loading={choose.isPending}>
                Keep {current.toUpperCase()} and continue
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );

  function pick(method: Method) {
    choose.mutate(
      { year, method },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'teal', message: r.message });
          rememberWorkingYear(year);
          onChosen(year);
        },
      },
    );
  }
}
