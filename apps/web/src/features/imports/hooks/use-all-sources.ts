import type { ImportHistoryRow, ImportSourceRow } from '@lotwise/contracts/imports/import-histories';
import { useQueries } from '@tanstack/react-query';
import { exchangeSourcesQueryOptions } from '../api/list-exchange-sources';

/** The uploads of several accounts at once, newest first. */
export function useAllSources(accounts: readonly ImportHistoryRow[]) {
  return useQueries({
    queries: accounts.map((a) => exchangeSourcesQueryOptions(a.id)),
    combine: (results) => {
      const sources: ImportSourceRow[] = results.flatMap((r) => r.data ?? []);
      sources.sort((a, b) => b.id - a.id);
      return {
        sources,
        isPending: results.some((r) => r.isPending),
        error: results.find((r) => r.isError)?.error ?? null,
        refetch: () => Promise.all(results.map((r) => r.refetch())),
      };
    },
  });
}
