import { getTaxCalculationDetails, startTaxCalculation } from '@lotwise/contracts/tax/calculation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { holdingsKeys } from './keys';

/** Whether the user has anything to calculate, and whether a calculation has finished. */
export function useCalculationDetails() {
  return useQuery({
    queryKey: holdingsKeys.calculation(),
    queryFn: ({ signal }) => callApi(getTaxCalculationDetails, { signal }),
    meta: { inlineError: true },
  });
}

/** Starts a tax calculation (recalculate: run even when nothing changed); holdings follow it. */
export function useStartCalculation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recalculate: boolean) => callApi(startTaxCalculation, { body: { recalculate } }),
    onSuccess: () => client.invalidateQueries({ queryKey: holdingsKeys.all }),
  });
}
