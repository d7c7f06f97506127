import type { FoundAddress } from '@lotwise/contracts/wallets/wallet-finder';
import { Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { countNoun, formatCount } from '@/lib/import-state';
import { directionLabel, formatLastSeen, foundAddressKey } from '../utils/found-address';
import { FoundAddressText } from './found-address-text';

interface FoundAddressListProps {
  rows: readonly FoundAddress[];
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
  disabled?: boolean;
}

function RowCheckbox({
  row,
  selected,
  onToggle,
  disabled,
}: Omit<FoundAddressListProps, 'rows'> & { row: FoundAddress }) {
  const key = foundAddressKey(row);
  return (
    <Checkbox
      checked={selected.has(key)}
      onChange={() => onToggle(key)}
      disabled={disabled}
      aria-label={`Select ${row.chain} ${row.address}`}
    />
  );
}

/** Found addresses with a checkbox each: a table on desktop, stacked cards on phones. */
export function FoundAddressList({ rows, ...rest }: FoundAddressListProps) {
  const mobile = useIsMobile();
  if (mobile) {
    return (
      <Stack gap="xs">
        {rows.map((row) => (
          <Card
            key={foundAddressKey(row)}
            p="sm"
            withBorder
            data-testid="wallet-finder-row"
            data-address={row.address}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <RowCheckbox row={row} {...rest} />
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <FoundAddressText row={row} fw={600} />
                  <Text fz="xs" c="dimmed" truncate>
                    {row.chain}
                  </Text>
                </Group>
                <Text fz="xs" c="dimmed">
                  {directionLabel(row.direction)} · {countNoun(row.transactions, 'transaction')} · last seen{' '}
                  {formatLastSeen(row.last_seen)}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing="xs" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40} aria-label="Selected" />
          <Table.Th>Address</Table.Th>
          <Table.Th>Chain</Table.Th>
          <Table.Th>Direction</Table.Th>
          <Table.Th ta="right">Transactions</Table.Th>
          <Table.Th>Last seen</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={foundAddressKey(row)} data-testid="wallet-finder-row" data-address={row.address}>
            <Table.Td>
              <RowCheckbox row={row} {...rest} />
            </Table.Td>
            <Table.Td>
              <FoundAddressText row={row} />
            </Table.Td>
            <Table.Td>{row.chain}</Table.Td>
            <Table.Td>{directionLabel(row.direction)}</Table.Td>
            <Table.Td ta="right">{formatCount(row.transactions)}</Table.Td>
            <Table.Td>
              <Text fz="sm" c="dimmed">
                {formatLastSeen(row.last_seen)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
