import { mfaSetup } from '@lotwise/contracts/auth/mfa';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** A new secret and QR code; not active until confirmed with a code. */
export function useMfaSetup() {
  return useMutation({ mutationFn: () => callApi(mfaSetup), meta: { inlineError: true } });
}
