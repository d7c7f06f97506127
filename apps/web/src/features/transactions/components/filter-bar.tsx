import {
  CATEGORIES,
  CATEGORIES_WITHOUT_TYPE,
  CATEGORY_LABELS,
  type Category,
  MARGIN_SUB_TYPES,
  NEW_CATEGORIES,
  STATUS_LABELS,
  STATUS_VALUES,
  SUB_TYPES,
} from '@lotwise/contracts/transactions/constants';
import { Button, Group, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useImportSources, useMethodList } from '../api/get-filter-options';
import type { ListState } from '../hooks/use-list-state';
import { yearRange } from '../utils/date-input';
import { subTypeLabel } from '../utils/labels';
import { DateRangeFilter } from './date-range-filter';
import { VisibilitySelect } from './visibility-select';

const YEARS = Array.from({ length: 8 }, (_, i) => String(new Date().getUTCFullYear() - i));

function SearchBox({ value, onApply }: { value: string | null; onApply: (v: string | null) => void }) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const apply = () => onApply(text.trim() === '' ? null : text.trim());
  return (
    <TextInput
      aria-label="Search"
      placeholder="Exchange, Token or Address"
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => e.key === 'Enter' && apply()}
      onBlur={apply}
    />
  );
}

/** The filter bar of spec 02 §2. Every change goes back to page 1 and clears the selection. */
export function FilterBar({
  state,
  legacy,
  visibilityFilter,
}: {
  state: ListState;
  legacy: boolean;
  visibilityFilter: boolean;
}) {
  const { filters, setFilters, category } = state;
  const sources = useImportSources().data ?? [];
  const methods = useMethodList().data ?? [];
  const categories = (legacy ? CATEGORIES : NEW_CATEGORIES).map((c) => ({
    value: c,
    label: CATEGORY_LABELS[c],
  }));
  const subTypes = SUB_TYPES[category] ?? [];
  const accounts = sources.filter((s) => s.isHeader);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" mb="md" data-testid="filter-bar">
      <SearchBox
        value={filters.search}
        onApply={(search) => search !== filters.search && setFilters({ search })}
      />
      <Select
        aria-label="Category"
        data={categories}
        value={(legacy ? CATEGORIES : NEW_CATEGORIES).includes(category) ? category : 'all'}
        allowDeselect={false}
        onChange={(v) => state.setCategory((v ?? 'all') as Category, { type: null, marginType: null })}
      />
      {!CATEGORIES_WITHOUT_TYPE.includes(category) && subTypes.length > 0 ? (
        <Select
          aria-label="Type"
          placeholder="Type"
          clearable
          data={subTypes.map((v) => ({ value: v, label: subTypeLabel(v) }))}
          value={filters.type}
          onChange={(type) => setFilters({ type })}
        />
      ) : null}
      {category === 'margin_trading' ? (
        <Select
          aria-label="Margin Sub Type"
          data={MARGIN_SUB_TYPES.map((m) => ({ value: m.value, label: m.label }))}
          value={filters.marginType ?? 'all'}
          onChange={(v) => setFilters({ marginType: v === 'all' ? null : v })}
        />
      ) : null}
      <MultiSelect
        aria-label="Import Source"
        placeholder={filters.exchanges.length === 0 ? 'All sources' : undefined}
        data={[
          { value: 'all', label: 'All' },
          ...accounts.map((a) => ({ value: String(a.value), label: a.label })),
        ]}
        value={filters.exchanges.map(String)}
        onChange={(v) => setFilters({ exchanges: v.includes('all') ? [] : v.map(Number) })}
        clearable
      />
      {!legacy ? (
        <MultiSelect
          aria-label="Import Method"
          placeholder={filters.methods.length === 0 ? 'All methods' : undefined}
          data={[{ value: 'all', label: 'All' }, ...methods.map((m) => ({ value: m.value, label: m.label }))]}
          value={filters.methods}
          onChange={(v) => setFilters({ methods: v.includes('all') ? [] : v })}
          clearable
        />
      ) : null}
      {!legacy ? (
        <MultiSelect
          aria-label="Status"
          placeholder={filters.statuses.length === 0 ? 'All statuses' : undefined}
          data={STATUS_VALUES.map((v) => ({ value: v, label: STATUS_LABELS[v] }))}
          value={filters.statuses}
          onChange={(statuses) => setFilters({ statuses })}
          clearable
        />
      ) : null}
      {!legacy && visibilityFilter ? (
        <VisibilitySelect value={filters.visibility} onChange={(visibility) => setFilters({ visibility })} />
      ) : null}
      <DateRangeFilter
        value={{ startDate: filters.startDate, endDate: filters.endDate }}
        onChange={(range) => setFilters({ ...range, year: null })}
      />
      <Group gap="xs" wrap="nowrap">
        <Select
          aria-label="Financial year"
          placeholder="Year"
          w={110}
          clearable
          data={YEARS}
          value={filters.year ? String(filters.year) : null}
          onChange={(v) =>
            setFilters(
              v
                ? { year: Number(v), ...yearRange(Number(v)) }
                : { year: null, startDate: null, endDate: null },
            )
          }
        />
        <Button variant="default" onClick={state.reset}>
          Reset
        </Button>
      </Group>
    </SimpleGrid>
  );
}
