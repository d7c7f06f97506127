import { recalculateTax } from '@lotwise/contracts/tax/calculation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { taxKeys } from './keys';

/** POST /api/recalculate_tax (the spec's GET answers 405): the refresh control and the "New imports detected" banner. */
export function useRecalculate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(recalculateTax).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: taxKeys.all }),
  });
}
