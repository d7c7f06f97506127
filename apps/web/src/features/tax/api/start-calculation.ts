import { startTaxCalculation } from '@lotwise/contracts/tax/calculation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taxKeys } from '@/lib/api/tax/keys';
import { callApi } from '@/lib/api-client';

/** Starts a calculation (recalculate: run even when nothing changed); returns the trace id. */
export function useStartCalculation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recalculate: boolean) =>
      callApi(startTaxCalculation, { body: { recalculate } }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: taxKeys.all }),
  });
}
