import { forgotPassword } from '@lotwise/contracts/auth/session';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const forgotPasswordRequest = (email: string) => callApi(forgotPassword, { body: { email } });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPasswordRequest, meta: { inlineError: true } });
}
