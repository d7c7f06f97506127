import { updateRole } from '@lotwise/contracts/onboarding/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { storeUser } from '@/lib/session/session';

export type OnboardingRole = 'customer' | 'cpa' | 'both';

export const updateRoleRequest = (role: OnboardingRole) => callApi(updateRole, { body: { role } });

export function useUpdateRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRoleRequest,
    meta: { inlineError: true },
    onSuccess: (result) => storeUser(client, result.user),
  });
}
