import { confirmSignUp, signUp } from '@lotwise/contracts/auth/session';
import type { CallBody } from '@lotwise/contracts/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { storeSession } from '@/lib/session/session';

export type SignUpInput = CallBody<typeof signUp>;

export const signUpRequest = (body: SignUpInput) => callApi(signUp, { body });

/**
 * Signs up: signed in at once, or (an instance that confirms addresses) answered with the
 * "check your e-mail" message, whatever the address (issue 32).
 */
export function useSignUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signUpRequest,
    meta: { inlineError: true },
    onSuccess: (result) => {
      if ('csrf_token' in result) storeSession(client, result);
    },
  });
}

export const confirmSignUpRequest = (body: CallBody<typeof confirmSignUp>) =>
  callApi(confirmSignUp, { body });

/** Spends the e-mailed link with the password chosen at sign-up, and signs in. */
export function useConfirmSignUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmSignUpRequest,
    meta: { inlineError: true },
    onSuccess: (session) => storeSession(client, session),
  });
}
