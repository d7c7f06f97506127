import type { CallBody } from '@lotwise/contracts/http';
import { saveManualEntry } from '@lotwise/contracts/imports/manual-entry';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importsKeys } from '@/lib/api/imports/keys';
import { callApi } from '@/lib/api-client';
import { sessionKeys } from '@/lib/session/session';

export type ManualEntryInput = CallBody<typeof saveManualEntry>;

export const saveManualEntryRequest = (body: ManualEntryInput) => callApi(saveManualEntry, { body });

/** Adds a transaction by hand into the Manual account. */
export function useSaveManualEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveManualEntryRequest,
    meta: { inlineError: true },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: importsKeys.all });
      await client.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
