import { DISCOVER_PAGE_SIZES, type DiscoverItem } from '@lotwise/contracts/labs/labs';
import { Anchor, Box, Group, Pagination, Paper, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { formatCrypto, formatMoney } from '@/lib/format/amount';
import { useLabsDiscover } from '../api/labs';
import { formatCap, formatPrice } from '../utils/format';
import { ChangeText } from './change-text';
import { LabsShell, MarketStatusNotice } from './labs-shell';

const PER_PAGE = DISCOVER_PAGE_SIZES[0];

function Holding({ item, currency }: { item: DiscoverItem; currency: string }) {
  if (!item.holding) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={0}>
      <Text fz="sm">
        {formatCrypto(item.holding.quantity)} {item.symbol}
      </Text>
      <Text fz="xs" c="dimmed">
        {item.holding.market_value === null ? 'no price' : formatMoney(item.holding.market_value, currency)}
        {item.holding.unrealised_gain === null ? null : (
          <> · gain {formatMoney(item.holding.unrealised_gain, currency)}</>
        )}
      </Text>
    </Stack>
  );
}

function AssetLink({ item }: { item: DiscoverItem }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Anchor component={Link} to={paths.labs.price.getHref(item.id)} fw={600} fz="sm">
        {item.symbol}
      </Anchor>
      <Text fz="xs" c="dimmed" truncate>
        {item.name}
      </Text>
    </Box>
  );
}

/** /labs/discover: search and browse assets by rank, with price, market cap and the user's own position. */
export function LabsDiscoverPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [held, setHeld] = useState(false);
  const [page, setPage] = useState(1);
  const narrow = useMediaQuery('(max-width: 48em)');
  const query = useLabsDiscover({ q, held, page, perPage: PER_PAGE });
  const data = query.data;

  return (
    <LabsShell title="Discover" description="Browse assets and see how yours stand.">
      <Group mb="md" gap="sm" align="flex-end">
        <TextInput
          style={{ flex: 1, minWidth: 200 }}
          label="Search assets"
          placeholder="Name or symbol, e.g. ETH"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Switch
          label="Only what I hold"
          checked={held}
          onChange={(e) => {
            setHeld(e.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
      </Group>
      {query.isPending ? (
        <LoadingState label="Loading assets…" />
      ) : query.isError || !data ? (
        <ErrorState
          title="Could not load assets"
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <MarketStatusNotice status={data.market} />
          {data.items.length === 0 ? (
            <EmptyState
              title={q || held ? 'No asset matches' : 'No assets to show yet'}
              description={
                q || held
                  ? 'Try another name or symbol, or show every asset.'
                  : 'Assets appear here once a market provider answers or your price table or holdings have some.'
              }
            />
          ) : narrow ? (
            <Stack gap="xs" data-testid="discover-list">
              {data.items.map((item) => (
                <Paper key={item.id} withBorder radius="md" p="sm" data-testid="discover-row">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                      <Text fz="xs" c="dimmed" w={24}>
                        {item.rank ?? '—'}
                      </Text>
                      <AssetLink item={item} />
                    </Group>
                    <Box ta="right">
                      <Text fz="sm" fw={500}>
                        {formatPrice(item.price)}
                      </Text>
                      <ChangeText value={item.change_1d} fz="xs" />
                    </Box>
                  </Group>
                  <Group justify="space-between" mt={6} wrap="nowrap" align="flex-start">
                    <Text fz="xs" c="dimmed">
                      Cap {formatCap(item.market_cap)}
                    </Text>
                    <Box ta="right">
                      <Holding item={item} currency={data.holding_currency} />
                    </Box>
                  </Group>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md">
              <Table highlightOnHover verticalSpacing="xs" data-testid="discover-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={56}>Rank</Table.Th>
                    <Table.Th>Asset</Table.Th>
                    <Table.Th ta="right">Price</Table.Th>
                    <Table.Th ta="right">24H</Table.Th>
                    <Table.Th ta="right">7D</Table.Th>
                    <Table.Th ta="right">Market cap</Table.Th>
                    <Table.Th>Your holding</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => (
                    <Table.Tr key={item.id} data-testid="discover-row">
                      <Table.Td c="dimmed">{item.rank ?? '—'}</Table.Td>
                      <Table.Td>
                        <AssetLink item={item} />
                      </Table.Td>
                      <Table.Td ta="right">{formatPrice(item.price)}</Table.Td>
                      <Table.Td ta="right">
                        <ChangeText value={item.change_1d} fz="sm" />
                      </Table.Td>
                      <Table.Td ta="right">
                        <ChangeText value={item.change_7d} fz="sm" />
                      </Table.Td>
                      <Table.Td ta="right">{formatCap(item.market_cap)}</Table.Td>
                      <Table.Td>
                        <Holding item={item} currency={data.holding_currency} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
          {data.meta.total_pages > 1 ? (
            <Group justify="center" mt="md">
              <Pagination
                total={data.meta.total_pages}
                value={data.meta.current_page}
                onChange={setPage}
                size="sm"
              />
            </Group>
          ) : null}
          <Text fz="xs" c="dimmed" mt="sm" ta="center">
            {data.meta.total_count.toLocaleString('en-US')} asset{data.meta.total_count === 1 ? '' : 's'} ·
            holdings from your latest tax calculation
          </Text>
        </>
      )}
    </LabsShell>
  );
}
