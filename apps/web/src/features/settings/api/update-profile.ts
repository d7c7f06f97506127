import type { CallBody } from '@lotwise/contracts/http';
import { updateProfile } from '@lotwise/contracts/users/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { storeUser } from '@/lib/session/session';

export type UpdateProfileInput = CallBody<typeof updateProfile>;

export const updateProfileRequest = (body: UpdateProfileInput) => callApi(updateProfile, { body });

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfileRequest,
    meta: { inlineError: true },
    onSuccess: (result) => storeUser(client, result.user),
  });
}
