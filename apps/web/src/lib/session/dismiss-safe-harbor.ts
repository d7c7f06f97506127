import { dismissSafeHarborBanner } from '@lotwise/contracts/users/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { sessionKeys } from './session';

/** Dismissal is persisted on the server and in a local flag; a failure is only logged (spec 01 §8). */
export function useDismissSafeHarbor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(dismissSafeHarborBanner),
    meta: { inlineError: true },
    onSuccess: () => {
      writeStorage(STORAGE_KEYS.safeHarborDismissed, 'true');
      void client.invalidateQueries({ queryKey: sessionKeys.all });
    },
    onError: (error) => console.error('Safe Harbor banner dismissal failed', error),
  });
}
