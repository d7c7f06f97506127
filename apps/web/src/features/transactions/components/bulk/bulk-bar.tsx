import { bulkOptionsFor } from '@lotwise/contracts/transactions/edit/bulk';
import type { UserDefinedType } from '@lotwise/contracts/transactions/edit/types';
import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { Button, Group, Menu, Paper, Select, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import type { BulkRequest } from '../../hooks/use-bulk-actions';

interface Props {
  /** The selected rows of this page. */
  rows: TransactionRow[];
  busy: boolean;
  onClear: () => void;
  onRun: (request: BulkRequest) => void;
  onCombine: () => void;
}

/** The kinds a type mark reads: rows that take one (not ignored, not grouped). */
export function markKinds(rows: TransactionRow[]): string[] {
  return rows.filter((r) => !r.ignored && !r.is_grouped_transaction).map((r) => r.type);
}

/**
 * The bulk bar (spec 02 §4): count, Clear, Ignore or Enable, Combine Transactions, the
 * type selector with Update (only when every row is a deposit, or a withdrawal, or a
 * trade), and the Bulk Edit menu with the same marks.
 */
export function BulkBar({ rows, busy, onClear, onRun, onCombine }: Props) {
  const [type, setType] = useState<string | null>(null);
  const options = bulkOptionsFor(markKinds(rows));
  const allIgnored = rows.length > 0 && rows.every((r) => r.ignored);
  const chosen = options.some((o) => o.value === type) ? type : null;
  return (
    <Paper withBorder p="xs" mb="xs" data-testid="bulk-bar">
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="wrap">
          <Text fz="sm" fw={600} data-testid="selection-count">
            {rows.length} selected
          </Text>
          <Button size="xs" variant="subtle" onClick={onClear}>
            Clear
          </Button>
          <Button
            size="xs"
            variant="light"
            color={allIgnored ? 'teal' : 'gray'}
            disabled={busy}
            onClick={() => onRun({ action: allIgnored ? 'enable' : 'ignore' })}
          >
            {allIgnored ? 'Enable' : 'Ignore'}
          </Button>
          <Button size="xs" variant="light" disabled={busy} onClick={onCombine}>
            Combine Transactions
          </Button>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Select
            size="xs"
            placeholder={options.length > 0 ? 'Select type' : 'Mixed types'}
            data={options}
            value={chosen}
            onChange={setType}
            disabled={options.length === 0 || busy}
            aria-label="Bulk type"
            comboboxProps={{ withinPortal: true }}
            w={170}
          />
          <Button
            size="xs"
            disabled={!chosen || busy}
            onClick={() => chosen && onRun({ action: 'type', type: chosen as UserDefinedType })}
          >
            Update
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                size="xs"
                variant="default"
                rightSection={<IconChevronDown size={14} />}
                disabled={busy}
              >
                Bulk Edit
              </Button>
            </Menu.Target>
            <Menu.Dropdown mah={358} style={{ overflowY: 'auto' }}>
              {options.map((o) => (
                <Menu.Item key={o.value} onClick={() => onRun({ action: 'type', type: o.value })}>
                  Mark as {o.label}
                </Menu.Item>
              ))}
              <Menu.Item onClick={() => onRun({ action: allIgnored ? 'enable' : 'ignore' })}>
                {allIgnored ? 'Enable Transaction' : 'Ignore Transaction'}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Paper>
  );
}
