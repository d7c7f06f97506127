import { resetPassword } from '@lotwise/contracts/auth/session';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const resetPasswordRequest = (body: { token: string; password: string }) =>
  callApi(resetPassword, { body });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPasswordRequest, meta: { inlineError: true } });
}
