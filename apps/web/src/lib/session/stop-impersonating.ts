import { stopImpersonating as stopImpersonatingCall } from '@lotwise/contracts/taxpro/taxpro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { callApi } from '@/lib/api-client';
import { closeRealtimeBeforeLeaving } from '@/lib/realtime';
import { forgetViewing } from '@/lib/session/access-ended';
import { readStorage, removeStorage, STORAGE_KEYS } from '@/lib/storage';
import { sessionKeys } from './session';

/** 'Exit and Return': back to the stored redirect or the tax-pro dashboard. */
export function useStopImpersonating() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => {
      closeRealtimeBeforeLeaving();
      return callApi(stopImpersonatingCall);
    },
    onSuccess: async () => {
      const target = readStorage(STORAGE_KEYS.maskRedirect) ?? paths.taxPro.dashboard.path;
      removeStorage(STORAGE_KEYS.maskRedirect);
      forgetViewing();
      client.clear();
      await client.invalidateQueries({ queryKey: sessionKeys.all });
      window.location.assign(target);
    },
  });
}
