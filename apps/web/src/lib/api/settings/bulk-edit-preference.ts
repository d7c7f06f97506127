import { updateSettingPut } from '@lotwise/contracts/users/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { IMPORTS_QUERY_ROOT } from '@/lib/realtime';
import { sessionKeys } from '@/lib/session/session';

export type BulkEditPreference = 'single_page' | 'all_pages' | null;

/** PUT /api/setting: save or clear the bulk-edit preference (the session and the list carry it). */
export function useSaveBulkEditPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pref: BulkEditPreference) =>
      callApi(updateSettingPut, { body: { bulk_edit_preference: pref } }),
    meta: { inlineError: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: sessionKeys.all });
      void client.invalidateQueries({ queryKey: [IMPORTS_QUERY_ROOT] });
    },
  });
}
