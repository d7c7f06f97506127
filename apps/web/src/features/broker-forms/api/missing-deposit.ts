import { addMissingDeposit, type MissingDepositBody } from '@lotwise/contracts/tax/tie-out-fix';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST the deposit a tie-out line's sale is missing (into the line's account). */
export function useAddMissingDeposit() {
  return useMutation({
    mutationFn: (input: { lineId: number; body: MissingDepositBody }) =>
      callApi(addMissingDeposit, { params: { id: input.lineId }, body: input.body }),
    // The dialog shows the error under its fields.
    meta: { inlineError: true },
  });
}
