import { type PriceRange, priceRange } from '@lotwise/contracts/labs/labs';
import {
  Anchor,
  Badge,
  Box,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { formatCrypto, formatMoney } from '@/lib/format/amount';
import { useLabsPrice } from '../api/labs';
import { formatCap, formatPrice } from '../utils/format';
import { ChangeText } from './change-text';
import { LabsShell, MarketStatusNotice } from './labs-shell';
import { PriceChart } from './price-chart';

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="lg" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** /labs/price/{id}: the asset's price over a range with the user's buys and sells, and their gains in it. */
export function LabsPricePage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const parsed = priceRange.safeParse(params.get('range'));
  const range: PriceRange = parsed.success ? parsed.data : '1M';
  const query = useLabsPrice(id, range);
  const data = query.data;
  const money = (v: string | null) => (v === null ? '—' : formatMoney(v, data?.gains.currency ?? 'USD'));
  // A figure resting on a missing price is Unknown (the note says why), never $0.00 (issue 35).
  const known = (v: string | null) => (v === null && data?.gains.unknown_note ? 'Unknown' : money(v));

  return (
    <LabsShell
      title={data ? `${data.asset.symbol} price` : 'Price'}
      description={data?.asset.name ?? 'Price history'}
    >
      {query.isPending ? (
        <LoadingState label="Loading prices…" />
      ) : query.isError || !data ? (
        <ErrorState
          title="Could not load this asset"
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Stack gap="md">
          <MarketStatusNotice status={data.market} />
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
              <Box>
                <Group gap="xs">
                  <Title order={2} fz="xl" data-testid="asset-price">
                    {formatPrice(data.asset.price)}
                  </Title>
                  <ChangeText value={data.asset.change_1d} fz="sm" />
                  <Text fz="xs" c="dimmed">
                    24H
                  </Text>
                </Group>
                <Text fz="xs" c="dimmed">
                  {data.asset.rank ? `Rank #${data.asset.rank} · ` : ''}Market cap{' '}
                  {formatCap(data.asset.market_cap)}
                </Text>
              </Box>
              <SegmentedControl
                aria-label="Range"
                size="xs"
                value={range}
                onChange={(v) => setParams({ range: v }, { replace: true })}
                data={priceRange.options.map((r) => ({ value: r, label: r === 'ALL' ? 'All' : r }))}
              />
            </Group>
            {query.isPlaceholderData ? (
              // Another range is loading: never the previous range's chart or its "no prices" note.
              <LoadingState label="Loading prices…" />
            ) : data.points.length === 0 ? (
              <Text c="dimmed" fz="sm" py="xl" ta="center" data-testid="chart-empty">
                {data.chart_note ?? 'No prices for this range.'}
              </Text>
            ) : (
              <>
                <PriceChart points={data.points} trades={data.trades} symbol={data.asset.symbol} />
                {data.chart_note ? (
                  <Text fz="xs" c="dimmed" ta="center" mt={4} data-testid="chart-note">
                    {data.chart_note}
                  </Text>
                ) : null}
              </>
            )}
          </Paper>

          <Box>
            <Title order={2} fz="md" mb={4}>
              Your {data.asset.symbol}
            </Title>
            <Text fz="xs" c="dimmed" mb="sm">
              {data.gains.calculated_at
                ? `From your tax calculation of ${data.gains.calculated_at.slice(0, 10)}, in ${data.gains.currency}.`
                : 'Run a tax calculation to see your gains in this asset.'}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
              <Figure
                label="Held"
                value={data.gains.holding ? formatCrypto(data.gains.holding.quantity) : '0'}
                testId="gain-held"
              />
              <Figure
                label="Cost basis"
                value={data.gains.holding ? known(data.gains.holding.cost_basis) : money(null)}
                testId="gain-basis"
              />
              <Figure label="Market value" value={money(data.gains.holding?.market_value ?? null)} />
              <Figure
                label="Unrealised gain"
                value={
                  data.gains.holding?.market_value != null
                    ? known(data.gains.holding.unrealised_gain)
                    : money(data.gains.holding?.unrealised_gain ?? null)
                }
                testId="gain-unrealised"
              />
              <Figure
                label="Realised gain (all years)"
                value={data.gains.calculated_at ? known(data.gains.realised) : money(null)}
                testId="gain-realised"
              />
            </SimpleGrid>
            {data.gains.unknown_note ? (
              <Text fz="xs" c="red.8" mt="xs" data-testid="gain-unknown-note">
                {data.gains.unknown_note}
              </Text>
            ) : null}
          </Box>

          <Paper withBorder radius="md" p="md">
            <Title order={2} fz="md" mb="sm">
              Your buys and sells in this range
            </Title>
            {data.trades.length === 0 ? (
              <Text fz="sm" c="dimmed">
                None in this range.
              </Text>
            ) : (
              <Table verticalSpacing={4} fz="sm" data-testid="trades-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th ta="right">Price</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...data.trades].reverse().map((t) => (
                    <Table.Tr key={t.transaction_id}>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Anchor
                            component={Link}
                            to={paths.transactions.getHref({ id: t.transaction_id })}
                            fz="sm"
                          >
                            {t.timestamp.slice(0, 10)}
                          </Anchor>
                          <Badge size="xs" variant="light" color={t.side === 'buy' ? 'teal' : 'red'}>
                            {t.side === 'buy' ? 'Buy' : 'Sell'}
                          </Badge>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">{formatCrypto(t.amount)}</Table.Td>
                      <Table.Td ta="right">{formatPrice(t.price)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        </Stack>
      )}
    </LabsShell>
  );
}
