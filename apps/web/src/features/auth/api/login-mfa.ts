import { loginMfa } from '@lotwise/contracts/auth/session';
import type { CallBody } from '@lotwise/contracts/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { storeSession } from '@/lib/session/session';

export type LoginMfaInput = CallBody<typeof loginMfa>;

export const loginMfaRequest = (body: LoginMfaInput) => callApi(loginMfa, { body });

export function useLoginMfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: loginMfaRequest,
    meta: { inlineError: true },
    onSuccess: (result) => {
      if (result.status === 'success') storeSession(client, result.session);
    },
  });
}
