import { defineCall, successStatus } from '@lotwise/contracts/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { callApi } from '@/lib/api-client';
import { readStorage, removeStorage, STORAGE_KEYS } from '@/lib/storage';
import { sessionKeys } from './session';

/**
 * POST /users/stop_impersonating (spec 01 §7). Not yet in packages/contracts; defined here
 * with the spec's path until the tax-pro work adds it there.
 */
export const stopImpersonatingCall = defineCall({
  method: 'POST',
  path: '/api/users/stop_impersonating',
  summary: 'End impersonation of a client',
  tag: 'taxpro',
  response: successStatus,
});

/** 'Exit and Return': back to the stored redirect or the tax-pro dashboard. */
export function useStopImpersonating() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(stopImpersonatingCall),
    onSuccess: async () => {
      const target = readStorage(STORAGE_KEYS.maskRedirect) ?? paths.taxPro.dashboard.path;
      removeStorage(STORAGE_KEYS.maskRedirect);
      client.clear();
      await client.invalidateQueries({ queryKey: sessionKeys.all });
      window.location.assign(target);
    },
  });
}
