import type { ImportHistoryRow } from '@lotwise/contracts/imports/import-histories';
import { Badge, Card, NavLink, Progress, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { ALL_ASSETS_VALUE, countNoun, sortSidebarAccounts, toSidebarAccount } from '@/lib/import-state';

interface AccountSidebarProps {
  rows: readonly ImportHistoryRow[];
  value: string;
  onChange: (value: string) => void;
}

function Description({ row }: { row: ImportHistoryRow }) {
  if (row.import_status === 'in-progress')
    return (
      <Stack gap={2} mt={2}>
        <Progress value={Math.max(5, row.progress)} size="xs" striped animated aria-label="Import progress" />
        <Text fz="xs" c="dimmed">
          Importing… {Math.max(5, row.progress)}%
        </Text>
      </Stack>
    );
  if (row.import_status === 'failed')
    return (
      <Text fz="xs" c="red.7" lineClamp={2} title={row.failure_reason ?? undefined}>
        {row.failure_reason ? `Import failed: ${row.failure_reason}` : 'Import failed'}
      </Text>
    );
  return (
    <Text fz="xs" c="dimmed">
      {row.total_transactions === 0 ? 'Empty' : countNoun(row.total_transactions, 'transaction')}
    </Text>
  );
}

/** The account list (spec 01 §3 "Sidebar account"): All Assets first, empty accounts last. */
export function AccountSidebar({ rows, value, onChange }: AccountSidebarProps) {
  const mobile = useIsMobile();
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const accounts = sortSidebarAccounts(rows.map(toSidebarAccount));

  if (mobile) {
    return (
      <Select
        aria-label="Account"
        data={[
          { value: ALL_ASSETS_VALUE, label: 'All Assets' },
          ...accounts.map((a) => ({ value: a.value, label: a.is_empty ? `${a.label} (empty)` : a.label })),
        ]}
        value={value}
        onChange={(v) => v && onChange(v)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  return (
    <Card p="xs">
      <ScrollArea.Autosize mah="calc(100dvh - 220px)" type="auto">
        <Stack gap={2} component="nav" aria-label="Accounts" data-testid="account-sidebar">
          <NavLink
            label="All Assets"
            leftSection={<IconStack2 size={18} />}
            active={value === ALL_ASSETS_VALUE}
            onClick={() => onChange(ALL_ASSETS_VALUE)}
            variant="light"
            style={{ borderRadius: 8 }}
          />
          {accounts.map((account) => {
            const row = byId.get(account.value);
            return (
              <NavLink
                key={account.value}
                data-testid="sidebar-account"
                label={
                  <Text fz="sm" fw={500} truncate c={account.is_empty ? 'dimmed' : undefined}>
                    {account.label}
                  </Text>
                }
                description={row ? <Description row={row} /> : null}
                rightSection={
                  account.type === 'wallet' ? (
                    <Badge size="xs" variant="light" color="grape">
                      Wallet
                    </Badge>
                  ) : null
                }
                active={value === account.value}
                onClick={() => onChange(account.value)}
                variant="light"
                style={{ borderRadius: 8 }}
              />
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Card>
  );
}
