import type { ListTransactionsInput } from '@lotwise/contracts/transactions/list-transactions';
import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { Text } from '@mantine/core';
import { useCallback } from 'react';
import { useBulkActions } from '../../hooks/use-bulk-actions';
import { BulkBar } from './bulk-bar';
import { BulkProgress } from './bulk-progress';
import { BulkPreferenceModal, type BulkScope } from './preference-modal';

interface Props {
  rows: TransactionRow[];
  selection: Set<number>;
  setSelection: (next: Set<number>) => void;
  count: number;
  pageSize: number;
  preference: BulkScope | null;
  filter: ListTransactionsInput;
}

/** Above the table: the bulk bar (two or more rows selected), the scope dialog and a job's progress. */
export function BulkSection({ rows, selection, setSelection, count, pageSize, preference, filter }: Props) {
  const clearSelection = useCallback(() => setSelection(new Set()), [setSelection]);
  // A saved all-pages preference applies to a whole-page selection only, never to rows picked by hand.
  const pageIds = rows.filter((r) => r.type !== 'transfer').map((r) => r.id);
  const bulk = useBulkActions({ selection, clearSelection, count, pageSize, preference, filter, pageIds });
  const selectedRows = rows.filter((r) => selection.has(r.id));
  return (
    <>
      {bulk.progress ? <BulkProgress {...bulk.progress} /> : null}
      {selection.size > 1 ? (
        <BulkBar
          rows={selectedRows}
          busy={bulk.busy}
          onClear={clearSelection}
          onRun={bulk.run}
          onCombine={bulk.combine}
        />
      ) : selection.size === 1 ? (
        <Text fz="sm" mb="xs" data-testid="selection-count">
          1 selected
        </Text>
      ) : null}
      <BulkPreferenceModal
        opened={bulk.pending !== null}
        selected={selection.size}
        total={count}
        onCancel={bulk.cancel}
        onContinue={bulk.proceed}
      />
    </>
  );
}
