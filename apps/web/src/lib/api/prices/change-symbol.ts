import { changeTokenSymbol } from '@lotwise/contracts/prices/prices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Missing Price → Change token symbol; the list and its values are read again after it. */
export function useChangeTokenSymbol() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { transactionId: number; from: string; to: string }) =>
      callApi(changeTokenSymbol, {
        body: { transaction_id: input.transactionId, from: input.from, to: input.to },
      }),
    meta: { inlineError: true },
    onSuccess: () => client.invalidateQueries(),
  });
}
