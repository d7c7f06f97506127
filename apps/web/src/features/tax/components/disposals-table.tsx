import type { DisposalRow } from '@lotwise/contracts/tax/year';
import { ActionIcon, Badge, Card, Group, Pagination, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { LoadingState } from '@/components/ui/states';
import { formatCrypto, formatMoney } from '@/lib/format/amount';
import { useTaxDisposals } from '../api/list-disposals';
import { DisposalLots } from './disposal-lots';

const PER_PAGE = 25;

function Row({ d, currency }: { d: DisposalRow; currency: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <Table.Tr data-testid="disposal-row">
        <Table.Td>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={open ? 'Hide lots' : 'Show lots'}
            onClick={() => setOpen(!open)}
          >
            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>{d.disposed_at}</Table.Td>
        <Table.Td>
          {formatCrypto(d.amount)} {d.asset}
        </Table.Td>
        <Table.Td>{d.acquired_at}</Table.Td>
        <Table.Td ta="right">{formatMoney(d.proceeds, currency)}</Table.Td>
        <Table.Td ta="right">{formatMoney(d.cost_basis, currency)}</Table.Td>
        <Table.Td ta="right" c={d.gain.startsWith('-') ? 'red.7' : undefined}>
          {formatMoney(d.gain, currency)}
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Badge size="xs" variant="light" color={d.term === 'long' ? 'indigo' : 'teal'}>
              {d.term}
            </Badge>
            {d.taxable ? null : (
              <Badge size="xs" color="gray">
                {d.category}
              </Badge>
            )}
            {d.sell_without_buy ? (
              <Badge size="xs" color="red">
                no basis
              </Badge>
            ) : null}
          </Group>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr>
          <Table.Td />
          <Table.Td colSpan={7}>
            <DisposalLots id={d.id} currency={currency} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  );
}

/** The year's sales, 25 a page, each line's lots on demand. */
export function DisposalsTable({ year, currency }: { year: number; currency: string }) {
  const [page, setPage] = useState(1);
  const list = useTaxDisposals(year, page, PER_PAGE);
  return (
    <Card withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Disposals</Text>
        {list.data ? (
          <Text fz="xs" c="dimmed">
            {list.data.meta.total_count.toLocaleString('en-US')} lines
          </Text>
        ) : null}
      </Group>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <Text c="red" fz="sm">
          Could not load the disposals.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table fz="sm" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={32} />
                  <Table.Th>Sold</Table.Th>
                  <Table.Th>Asset</Table.Th>
                  <Table.Th>Acquired</Table.Th>
                  <Table.Th ta="right">Proceeds</Table.Th>
                  <Table.Th ta="right">Cost basis</Table.Th>
                  <Table.Th ta="right">Gain</Table.Th>
                  <Table.Th>Term</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.data.map((d) => (
                  <Row key={d.id} d={d} currency={currency} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.data.meta.total_pages > 1 ? (
            <Pagination
              mt="sm"
              size="sm"
              color="teal"
              total={list.data.meta.total_pages}
              value={page}
              onChange={setPage}
            />
          ) : null}
        </>
      )}
    </Card>
  );
}
