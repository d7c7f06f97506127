import type { ListTransactionsInput } from '@lotwise/contracts/transactions/list-transactions';
import { IMPORTS_QUERY_ROOT } from '@/lib/realtime';

/**
 * Query keys of the transactions feature. They sit under the imports root, so the realtime
 * channel's invalidation (an import or deletion finished) refreshes the list and its counts.
 */
export const transactionsKeys = {
  all: [IMPORTS_QUERY_ROOT, 'transactions'] as const,
  list: (layout: string, body: ListTransactionsInput) =>
    [...transactionsKeys.all, 'list', layout, body] as const,
  stats: (showIgnored: boolean) => [...transactionsKeys.all, 'stats', showIgnored] as const,
  visibilityStats: () => [...transactionsKeys.all, 'visibility-stats'] as const,
  sources: () => [...transactionsKeys.all, 'sources'] as const,
  methods: () => [...transactionsKeys.all, 'methods'] as const,
  flags: () => [...transactionsKeys.all, 'flags'] as const,
  canRecalculate: () => [...transactionsKeys.all, 'can-recalculate'] as const,
};
