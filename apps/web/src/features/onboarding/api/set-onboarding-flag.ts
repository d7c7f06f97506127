import { setOnboardingFlag } from '@lotwise/contracts/onboarding/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { fetchSession, sessionKeys } from '@/lib/session/session';
import { onboardingKeys } from './keys';

export const setOnboardingFlagRequest = (onboarded: boolean) =>
  callApi(setOnboardingFlag, { body: { onboarded } });

/** Marks onboarding finished and answers the refreshed session, so the landing rules see it. */
export function useSetOnboardingFlag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (onboarded: boolean) => {
      const flag = await setOnboardingFlagRequest(onboarded);
      const session = await fetchSession();
      return { flag, session };
    },
    meta: { inlineError: true },
    onSuccess: ({ flag, session }) => {
      client.setQueryData(onboardingKeys.flag(), flag);
      client.setQueryData(sessionKeys.all, session);
    },
  });
}
