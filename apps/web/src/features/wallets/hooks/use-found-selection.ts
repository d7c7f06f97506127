import type { FoundAddress } from '@lotwise/contracts/wallets/wallet-finder';
import { useCallback, useMemo, useState } from 'react';
import { foundAddressKey } from '../utils/found-address';

/**
 * The checked found addresses. Only rows still in the list count, so an address that left the
 * list after a refetch is never sent.
 */
export function useFoundSelection(rows: readonly FoundAddress[]) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const selectedRows = useMemo(
    () => rows.filter((row) => checked.has(foundAddressKey(row))),
    [rows, checked],
  );
  const selected = useMemo(() => new Set(selectedRows.map(foundAddressKey)), [selectedRows]);
  const allSelected = rows.length > 0 && selectedRows.length === rows.length;

  const toggle = useCallback((key: string) => {
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const toggleAll = useCallback(() => {
    setChecked(allSelected ? new Set() : new Set(rows.map(foundAddressKey)));
  }, [allSelected, rows]);
  const clear = useCallback(() => setChecked(new Set()), []);

  return { selected, selectedRows, allSelected, toggle, toggleAll, clear };
}
