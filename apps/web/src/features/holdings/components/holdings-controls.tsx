import { HOLDINGS_PAGE_SIZES } from '@lotwise/contracts/holdings/holdings';
import { Group, SegmentedControl, Select } from '@mantine/core';
import { useAllImportHistories } from '@/lib/api/imports/list-all-import-histories';

export interface HoldingsView {
  bySource: boolean;
  account: number | null;
  perPage: number;
}

/** Per asset or per account, one account or all, and the page size. */
export function HoldingsControls({
  view,
  onChange,
}: {
  view: HoldingsView;
  onChange: (patch: Partial<HoldingsView>) => void;
}) {
  const accounts = useAllImportHistories().data ?? [];
  const options = [
    { value: 'all', label: 'All accounts' },
    ...accounts.map((a) => ({ value: String(a.id), label: a.custom_name ?? a.account_name })),
  ];
  return (
    <Group gap="sm" mb="sm" wrap="wrap" data-testid="holdings-controls">
      <SegmentedControl
        size="xs"
        value={view.bySource ? 'account' : 'asset'}
        onChange={(v) => onChange({ bySource: v === 'account' })}
        data={[
          { value: 'asset', label: 'By asset' },
          { value: 'account', label: 'By account' },
        ]}
        aria-label="Group holdings"
      />
      <Select
        size="xs"
        w={200}
        aria-label="Account"
        data={options}
        value={view.account === null ? 'all' : String(view.account)}
        onChange={(v) => onChange({ account: !v || v === 'all' ? null : Number(v) })}
        allowDeselect={false}
        data-testid="account-filter"
      />
      <Select
        size="xs"
        w={110}
        aria-label="Rows per page"
        data={HOLDINGS_PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} / page` }))}
        value={String(view.perPage)}
        onChange={(v) => onChange({ perPage: Number(v ?? 20) })}
        allowDeselect={false}
      />
    </Group>
  );
}
