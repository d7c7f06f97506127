import type { SessionState } from '@lotwise/contracts/auth/session';
import { saveOnboardingStep } from '@lotwise/contracts/onboarding/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { sessionKeys } from '@/lib/session/session';

/**
 * Records the step the user reached on the server (it keeps the furthest), so leaving and
 * coming back — on this browser or another — resumes there (issue 35.14).
 */
export function useSaveOnboardingStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: 1 | 2 | 3 | 4 | 5) => callApi(saveOnboardingStep, { body: { step } }),
    meta: { inlineError: true },
    onSuccess: ({ onboarding_step }) => {
      client.setQueryData<SessionState>(sessionKeys.all, (old) =>
        old?.user ? { ...old, user: { ...old.user, onboarding_step } } : old,
      );
    },
    // Not worth stopping the user for: the step is only where the next visit starts.
    onError: (error) => console.error('Saving the onboarding step failed', error),
  });
}
