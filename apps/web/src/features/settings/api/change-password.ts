import { changePassword } from '@lotwise/contracts/users/account';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const changePasswordRequest = (body: { current_password: string; new_password: string }) =>
  callApi(changePassword, { body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePasswordRequest, meta: { inlineError: true } });
}
