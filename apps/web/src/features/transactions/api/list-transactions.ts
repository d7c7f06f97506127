import {
  type ListTransactionsInput,
  listTransactions,
  listTransactionsNew,
} from '@lotwise/contracts/transactions/list-transactions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsKeys } from '@/lib/api/transactions/keys';
import { callApi } from '@/lib/api-client';

/**
 * The list call. The request's signal is TanStack Query's: when the filters change the old
 * query loses its observer and is cancelled, so a new request aborts the previous one and
 * the aborted answer is ignored (spec 02 §4).
 */
export const transactionsQueryOptions = (layout: 'legacy' | 'grouped', body: ListTransactionsInput) =>
  queryOptions({
    queryKey: transactionsKeys.list(layout, body),
    queryFn: ({ signal }) =>
      layout === 'legacy'
        ? callApi(listTransactions, { body, signal })
        : callApi(listTransactionsNew, { body, query: {}, signal }),
    placeholderData: keepPreviousData,
    meta: { inlineError: true },
  });

export function useTransactions(layout: 'legacy' | 'grouped', body: ListTransactionsInput) {
  return useQuery(transactionsQueryOptions(layout, body));
}
