import { signUp } from '@lotwise/contracts/auth/session';
import type { CallBody } from '@lotwise/contracts/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { storeSession } from '@/lib/session/session';

export type SignUpInput = CallBody<typeof signUp>;

export const signUpRequest = (body: SignUpInput) => callApi(signUp, { body });

export function useSignUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signUpRequest,
    meta: { inlineError: true },
    onSuccess: (session) => storeSession(client, session),
  });
}
