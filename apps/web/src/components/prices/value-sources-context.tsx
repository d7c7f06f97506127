import type { RowValue } from '@lotwise/contracts/prices/prices';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useValueSources } from '@/lib/api/prices/value-sources';

const RowValues = createContext<ReadonlyMap<string, RowValue> | null>(null);

/** Loads the value sources of the rows on screen once, for every Total cell under it. */
export function ValueSourcesProvider({ ids, children }: { ids: readonly number[]; children: ReactNode }) {
  const sources = useValueSources(ids);
  const map = useMemo(() => new Map(Object.entries(sources.data?.data ?? {})), [sources.data]);
  return <RowValues.Provider value={map}>{children}</RowValues.Provider>;
}

/** How one row is valued (undefined until loaded, or outside a provider). */
export function useRowValue(id: number): RowValue | undefined {
  return useContext(RowValues)?.get(String(id));
}
