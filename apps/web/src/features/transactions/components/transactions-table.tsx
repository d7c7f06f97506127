import type { SortAttribute } from '@lotwise/contracts/transactions/constants';
import type { TransactionRow as Row } from '@lotwise/contracts/transactions/transaction-row';
import { Checkbox, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
} from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import { ValueSourcesProvider } from '@/components/prices/value-sources-context';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { monthHeading } from '../utils/date-input';
import type { Sort } from '../utils/list-state';
import { TransactionCard, TransactionTableRow } from './transaction-row';

interface TableProps {
  rows: Row[];
  grouped: boolean;
  sort: Sort;
  onSort: (attribute: SortAttribute) => void;
  selection: Set<number>;
  onSelection: (next: Set<number>) => void;
  currency: string;
  emptyText: string;
}

function SortHeader({
  label,
  attribute,
  sort,
  onSort,
}: { label: string; attribute: SortAttribute } & Pick<TableProps, 'sort' | 'onSort'>) {
  const active = sort.attribute === attribute;
  const Icon = !active ? IconArrowsSort : sort.order === 'desc' ? IconArrowDown : IconArrowUp;
  return (
    <UnstyledButton
      onClick={() => onSort(attribute)}
      aria-label={`Sort by ${label}`}
      aria-sort={active ? (sort.order === 'desc' ? 'descending' : 'ascending') : 'none'}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 600 }}
    >
      {label}
      <Icon size={14} />
    </UnstyledButton>
  );
}

/**
 * Rows under month-and-year headings (grouped layout) or one flat run (legacy). A collapsed
 * month keeps its heading and hides its rows.
 */
function withHeadings(
  rows: Row[],
  grouped: boolean,
  collapsed: ReadonlySet<string>,
  render: (row: Row) => ReactNode,
  heading: (text: string) => ReactNode,
) {
  let last = '';
  return rows.map((row) => {
    const month = monthHeading(row.date);
    const show = grouped && month !== last;
    last = month;
    return (
      <Fragment key={row.id}>
        {show ? heading(month) : null}
        {grouped && collapsed.has(month) ? null : render(row)}
      </Fragment>
    );
  });
}

/** A month heading that folds its rows away (spec 02 §2: collapsible group titles). */
function MonthToggle({ text, open, onToggle }: { text: string; open: boolean; onToggle: () => void }) {
  const Icon = open ? IconChevronDown : IconChevronRight;
  return (
    <UnstyledButton
      onClick={onToggle}
      aria-expanded={open}
      aria-label={`${open ? 'Collapse' : 'Expand'} ${text}`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontWeight: 700, fontSize: 14 }}
    >
      <Icon size={16} />
      {text}
    </UnstyledButton>
  );
}

/** The transactions table (spec 02 §2): checkbox, type, Date, Out, In, total. */
export function TransactionsTable(props: TableProps) {
  const { rows, selection, onSelection } = props;
  // Month headings follow the dates; sorted by an amount the months interleave and would repeat.
  const grouped = props.grouped && props.sort.attribute === 'transaction_at';
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggleMonth = (month: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(month)) next.delete(month);
      else next.add(month);
      return next;
    });
  const toggle = (id: number) => {
    const next = new Set(selection);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelection(next);
  };
  if (rows.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="xl" data-testid="transactions-empty">
        {props.emptyText}
      </Text>
    );
  }
  const ids = rows.filter((r) => r.type !== 'transfer').map((r) => r.id);
  const all = ids.length > 0 && ids.every((id) => selection.has(id));
  const selectAll = (
    <Checkbox
      aria-label="Select all"
      label={mobile ? 'Select all on this page' : undefined}
      checked={all}
      indeterminate={!all && ids.some((id) => selection.has(id))}
      onChange={() => onSelection(all ? new Set() : new Set(ids))}
    />
  );
  // Where each row's value comes from, for the Total cells' hover (one call per page).
  const shown = rows.map((r) => r.id);
  if (mobile) {
    return (
      <ValueSourcesProvider ids={shown}>
        <Stack gap="xs" data-testid="transactions-table">
          {selectAll}
          {withHeadings(
            rows,
            grouped,
            collapsed,
            (row) => (
              <TransactionCard row={row} selected={selection.has(row.id)} onToggle={toggle} />
            ),
            (text) => (
              <div data-testid="month-heading" style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
                <MonthToggle text={text} open={!collapsed.has(text)} onToggle={() => toggleMonth(text)} />
              </div>
            ),
          )}
        </Stack>
      </ValueSourcesProvider>
    );
  }
  return (
    <ValueSourcesProvider ids={shown}>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" highlightOnHover data-testid="transactions-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>{selectAll}</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>
                <SortHeader label="Date" attribute="transaction_at" sort={props.sort} onSort={props.onSort} />
              </Table.Th>
              <Table.Th>
                <SortHeader
                  label="Out"
                  attribute="from_currency_quantity"
                  sort={props.sort}
                  onSort={props.onSort}
                />
              </Table.Th>
              <Table.Th>
                <SortHeader
                  label="In"
                  attribute="to_currency_quantity"
                  sort={props.sort}
                  onSort={props.onSort}
                />
              </Table.Th>
              <Table.Th ta="right">Total ({props.currency})</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {withHeadings(
              rows,
              grouped,
              collapsed,
              (row) => (
                <TransactionTableRow row={row} selected={selection.has(row.id)} onToggle={toggle} />
              ),
              (text) => (
                <Table.Tr data-testid="month-heading">
                  <Table.Td colSpan={6} bg="var(--mantine-color-gray-0)">
                    <MonthToggle text={text} open={!collapsed.has(text)} onToggle={() => toggleMonth(text)} />
                  </Table.Td>
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ValueSourcesProvider>
  );
}
