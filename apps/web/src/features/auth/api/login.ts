import { login } from '@lotwise/contracts/auth/session';
import type { CallBody } from '@lotwise/contracts/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { storeSession } from '@/lib/session/session';

export type LoginInput = CallBody<typeof login>;

export const loginRequest = (body: LoginInput) => callApi(login, { body });

/** Answers either a session (stored at once) or an mfa_token for the second step. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: loginRequest,
    meta: { inlineError: true },
    onSuccess: (result) => {
      if (result.status === 'success') storeSession(client, result.session);
    },
  });
}
