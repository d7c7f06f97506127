import type { ImportHistoryRow } from '@lotwise/contracts/imports/import-histories';
import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { errorText } from '@/lib/api-client';
import { formatCount } from '@/lib/import-state';
import { useSearchExchanges } from '../api/search-exchanges';
import type { ExchangeOption } from './upload-dialog';

const TYPE_LABEL: Record<ExchangeOption['type'], string> = {
  exchange: 'Exchange',
  wallet: 'Wallet',
  other: 'Other',
};

interface ExchangesTableProps {
  accounts: readonly ImportHistoryRow[];
  onImport: (exchange: ExchangeOption) => void;
}

/** Add account: every exchange and wallet Lotwise can import, with search (spec 01 §2). */
export function ExchangesTable({ accounts, onImport }: ExchangesTableProps) {
  const mobile = useIsMobile();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const exchanges = useSearchExchanges(debounced);
  const countOf = (slug: string) =>
    accounts.filter((a) => a.account_slug === slug).reduce((n, a) => n + a.total_transactions, 0);

  let body: ReactNode;
  if (exchanges.isPending) body = <LoadingState label="Loading exchanges…" />;
  else if (exchanges.isError)
    body = <ErrorState message={errorText(exchanges.error)} onRetry={() => exchanges.refetch()} />;
  else if (exchanges.data.length === 0)
    body = (
      <EmptyState title="No match" description={`Nothing matches “${q}”. Try the Universal CSV template.`} />
    );
  else
    body = (
      <Table verticalSpacing="xs" highlightOnHover data-testid="exchanges-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Exchange</Table.Th>
            {mobile ? null : <Table.Th>Type</Table.Th>}
            {mobile ? null : <Table.Th>US based</Table.Th>}
            <Table.Th ta="right">Your transactions</Table.Th>
            <Table.Th aria-label="Import" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {exchanges.data.map((exchange) => (
            <Table.Tr key={exchange.id}>
              <Table.Td>
                <Text fz="sm" fw={600}>
                  {exchange.name}
                </Text>
                {mobile ? (
                  <Text fz="xs" c="dimmed">
                    {TYPE_LABEL[exchange.type]}
                    {exchange.us_based ? ' · US' : ''}
                  </Text>
                ) : null}
              </Table.Td>
              {mobile ? null : <Table.Td>{TYPE_LABEL[exchange.type]}</Table.Td>}
              {mobile ? null : (
                <Table.Td>
                  {exchange.us_based ? (
                    <Badge size="xs" variant="outline" color="navy">
                      US
                    </Badge>
                  ) : (
                    <Text fz="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              )}
              <Table.Td ta="right">{formatCount(countOf(exchange.slug))}</Table.Td>
              <Table.Td ta="right">
                <Button size="xs" variant="light" onClick={() => onImport(exchange)}>
                  Import
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <TextInput
          aria-label="Search exchanges"
          placeholder="Search exchanges and wallets"
          leftSection={<IconSearch size={16} />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
      {body}
    </Stack>
  );
}
