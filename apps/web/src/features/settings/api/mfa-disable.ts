import { mfaDisable } from '@lotwise/contracts/auth/mfa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { sessionKeys } from '@/lib/session/session';
import { settingsKeys } from './keys';

export function useMfaDisable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(mfaDisable, { body: { code } }),
    meta: { inlineError: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: settingsKeys.mfa() });
      void client.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
