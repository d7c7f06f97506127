import { deleteExchange, listExchanges } from '@lotwise/contracts/transactions/edit/exchanges';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { transactionsKeys } from '@/lib/api/transactions/keys';
import { callApi } from '@/lib/api-client';

export const exchangesKey = () => [...transactionsKeys.all, 'exchanges'] as const;

export function useExchanges(enabled: boolean) {
  return useQuery({
    queryKey: exchangesKey(),
    queryFn: () => callApi(listExchanges),
    enabled,
  });
}

export function useDeleteExchange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (exchangeId: number) => callApi(deleteExchange, { params: { exchangeId } }),
    // The dialog shows 'Ooops! Exchange Transaction Deletion Failed.' itself.
    meta: { inlineError: true },
    onSettled: () => client.invalidateQueries({ queryKey: transactionsKeys.all }),
  });
}
