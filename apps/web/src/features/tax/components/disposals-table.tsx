import type { DisposalRow } from '@lotwise/contracts/tax/year';
import { ActionIcon, Badge, Card, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { DisposalLots } from '@/components/tax/disposal-lots';
import { LoadingState } from '@/components/ui/states';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { formatCrypto, formatMoney } from '@/lib/format/amount';
import { useTaxDisposals } from '../api/list-disposals';

const PER_PAGE = 25;

/** Term, and whether the line is not taxable or had units without a basis. */
function LineBadges({ d }: { d: DisposalRow }) {
  return (
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
      {d.missing_price || d.basis_unknown ? (
        <Badge size="xs" color="red" variant="light" data-testid="line-no-price">
          no price
        </Badge>
      ) : null}
    </Group>
  );
}

function ToggleLots({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <ActionIcon variant="subtle" size="sm" aria-label={open ? 'Hide lots' : 'Show lots'} onClick={onToggle}>
      {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
    </ActionIcon>
  );
}

/** A line's amounts as shown: Unknown (never $0.00) when they rest on a missing price. */
function amounts(d: DisposalRow, currency: string) {
  const money = (v: string, unknown: boolean) => (unknown ? 'Unknown' : formatMoney(v, currency));
  const gainUnknown = d.missing_price || d.basis_unknown;
  return {
    proceeds: money(d.proceeds, d.missing_price),
    basis: money(d.cost_basis, d.basis_unknown),
    gain: money(d.gain, gainUnknown),
    gainColor: gainUnknown ? 'red.8' : d.gain.startsWith('-') ? 'red.7' : undefined,
  };
}

function Row({ d, currency }: { d: DisposalRow; currency: string }) {
  const a = amounts(d, currency);
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <Table.Tr data-testid="disposal-row">
        <Table.Td>
          <ToggleLots open={open} onToggle={() => setOpen(!open)} />
        </Table.Td>
        <Table.Td>{d.disposed_at}</Table.Td>
        <Table.Td>
          {formatCrypto(d.amount)} {d.asset}
        </Table.Td>
        <Table.Td>{d.acquired_at}</Table.Td>
        <Table.Td ta="right">{a.proceeds}</Table.Td>
        <Table.Td ta="right">{a.basis}</Table.Td>
        <Table.Td ta="right" c={a.gainColor}>
          {a.gain}
        </Table.Td>
        <Table.Td>
          <LineBadges d={d} />
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

/**
 * One line as a card below 768 px, where eight columns do not fit: what was sold and the gain
 * first, then dates and amounts, the lots on demand.
 */
function MobileLine({ d, currency }: { d: DisposalRow; currency: string }) {
  const [open, setOpen] = useState(false);
  const a = amounts(d, currency);
  return (
    <Stack
      gap={2}
      py={8}
      data-testid="disposal-row"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
          <ToggleLots open={open} onToggle={() => setOpen(!open)} />
          <Text fz="sm" fw={600}>
            {formatCrypto(d.amount)} {d.asset}
          </Text>
          <LineBadges d={d} />
        </Group>
        <Text fz="sm" fw={600} c={a.gainColor} style={{ whiteSpace: 'nowrap' }}>
          {a.gain}
        </Text>
      </Group>
      <Text fz="xs" c="dimmed" pl={34}>
        Sold {d.disposed_at} · acquired {d.acquired_at}
      </Text>
      <Text fz="xs" c="dimmed" pl={34}>
        Proceeds {a.proceeds} · cost basis {a.basis}
      </Text>
      {open ? (
        <div style={{ paddingLeft: 34 }}>
          <DisposalLots id={d.id} currency={currency} />
        </div>
      ) : null}
    </Stack>
  );
}

/** The year's sales, 25 a page, each line's lots on demand. */
export function DisposalsTable({ year, currency }: { year: number; currency: string }) {
  const [page, setPage] = useState(1);
  const list = useTaxDisposals(year, page, PER_PAGE);
  const mobile = useIsMobile();
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
          {mobile ? (
            <div>
              {list.data.data.map((d) => (
                <MobileLine key={d.id} d={d} currency={currency} />
              ))}
            </div>
          ) : (
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
          )}
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
