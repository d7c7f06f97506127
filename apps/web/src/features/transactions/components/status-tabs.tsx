import { STATUS_GROUPS } from '@lotwise/contracts/transactions/constants';
import type { TransactionStats } from '@lotwise/contracts/transactions/stats';
import { Badge, Group, Tabs } from '@mantine/core';

type Tab = 'all' | 'errors' | 'notes';

export function tabOf(statuses: string[]): Tab {
  if (statuses.length === 0) return 'all';
  if (statuses.every((s) => (STATUS_GROUPS.errors as readonly string[]).includes(s))) return 'errors';
  if (statuses.every((s) => (STATUS_GROUPS.notes as readonly string[]).includes(s))) return 'notes';
  return 'all';
}

/** New-layout status tabs: All; All Errors (Missing Price, Insufficient Balance); All Notes (Income, Taxable Event). */
export function StatusTabs({
  stats,
  statuses,
  onChange,
}: {
  stats: TransactionStats | undefined;
  statuses: string[];
  onChange: (statuses: string[]) => void;
}) {
  const count = (n: number | undefined) => (
    <Badge size="sm" variant="light" color="gray" ml={6}>
      {n === undefined ? '–' : n.toLocaleString('en-US')}
    </Badge>
  );
  return (
    <Tabs
      value={tabOf(statuses)}
      onChange={(v) =>
        onChange(v === 'errors' ? [...STATUS_GROUPS.errors] : v === 'notes' ? [...STATUS_GROUPS.notes] : [])
      }
      mb="sm"
      data-testid="status-tabs"
    >
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
        <Tabs.Tab value="all">
          <Group gap={0} wrap="nowrap">
            All{count(stats?.total)}
          </Group>
        </Tabs.Tab>
        <Tabs.Tab value="errors">
          <Group gap={0} wrap="nowrap">
            All Errors{count(stats?.review_count)}
          </Group>
        </Tabs.Tab>
        <Tabs.Tab value="notes">
          <Group gap={0} wrap="nowrap">
            All Notes{count(stats ? stats.income_count + stats.taxable_count : undefined)}
          </Group>
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
