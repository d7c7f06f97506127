import { Loader, Table, Text } from '@mantine/core';
import { useDisposalLots } from '@/lib/api/tax/get-lots';
import { formatCrypto, formatMoney } from '@/lib/format/amount';

/** The lots one sale used, loaded when its row is opened. */
export function DisposalLots({ id, currency }: { id: number; currency: string }) {
  const lots = useDisposalLots(id, true);
  if (lots.isPending) return <Loader size="xs" color="teal" />;
  if (lots.isError)
    return (
      <Text fz="xs" c="red">
        Could not load the lots.
      </Text>
    );
  return (
    <Table fz="xs" withRowBorders={false} data-testid={`lots-${id}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Lot</Table.Th>
          <Table.Th>Acquired</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th ta="right">Cost basis</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lots.data.map((l) => (
          <Table.Tr key={`${l.lot_id ?? 'none'}-${l.acquired_at}-${l.amount}`}>
            <Table.Td>{l.lot_id ?? 'No lot (sold without buy)'}</Table.Td>
            <Table.Td>{l.acquired_at}</Table.Td>
            <Table.Td ta="right">{formatCrypto(l.amount)}</Table.Td>
            <Table.Td ta="right">{formatMoney(l.cost_basis, currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
