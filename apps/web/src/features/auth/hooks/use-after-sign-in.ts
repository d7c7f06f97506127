import type { SessionState } from '@lotwise/contracts/auth/session';
import { useNavigate, useSearchParams } from 'react-router';
import { postLoginTarget } from '@/lib/access/landing';
import { COOKIES, deleteCookie, readCookie } from '@/lib/cookies';

/** After sign-in: honour the redirect (parameter, then cookie), else the landing rules. */
export function useAfterSignIn(): (session: SessionState) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (session) => {
    if (!session.user) return;
    const target = postLoginTarget(session.user, params.get('redirect'), readCookie(COOKIES.redirect));
    if (session.user.onboarded) deleteCookie(COOKIES.redirect);
    navigate(target, { replace: true });
  };
}
