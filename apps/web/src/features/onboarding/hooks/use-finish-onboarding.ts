import { useSetOnboardingFlag } from '../api/set-onboarding-flag';

/**
 * Sets the onboarding flag and stores the refreshed session. The access guard then moves
 * the user out of the onboarding flow: to a page remembered before sign-up (redirect, then
 * pricing target), otherwise by the landing rules (spec 01 §2).
 */
export function useFinishOnboarding() {
  const setFlag = useSetOnboardingFlag();
  return { finish: () => setFlag.mutate(true), isPending: setFlag.isPending, error: setFlag.error };
}
