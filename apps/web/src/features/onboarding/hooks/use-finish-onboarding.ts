import { useNavigate } from 'react-router';
import { landingPath, safeRedirectTarget } from '@/lib/access/landing';
import { isCpa } from '@/lib/access/roles';
import { COOKIES, deleteCookie, readCookie } from '@/lib/cookies';
import { useSetOnboardingFlag } from '../api/set-onboarding-flag';

/**
 * Sets the onboarding flag, then lands the user: a remembered redirect or pricing target
 * first (customers), otherwise the post-login landing rules.
 */
export function useFinishOnboarding() {
  const navigate = useNavigate();
  const setFlag = useSetOnboardingFlag();
  const finish = () =>
    setFlag.mutate(true, {
      onSuccess: ({ session }) => {
        if (!session.user) return;
        const remembered = isCpa(session.user)
          ? null
          : (safeRedirectTarget(readCookie(COOKIES.redirect)) ??
            safeRedirectTarget(readCookie(COOKIES.pricingTarget)));
        deleteCookie(COOKIES.redirect);
        deleteCookie(COOKIES.pricingTarget);
        navigate(remembered ?? landingPath(session.user), { replace: true });
      },
    });
  return { finish, isPending: setFlag.isPending, error: setFlag.error };
}
