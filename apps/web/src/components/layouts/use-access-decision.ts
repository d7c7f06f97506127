import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { type AccessDecision, decideAccess } from '@/lib/access/guard';
import { COOKIES, deleteCookie, readCookie, writeCookie } from '@/lib/cookies';
import { useSession } from '@/lib/session/session';

/** Runs the access guard for the current page and remembers redirect/pricing targets in cookies. */
export function useAccessDecision(): {
  decision: AccessDecision | null;
  session: ReturnType<typeof useSession>;
} {
  const session = useSession();
  const { pathname, search } = useLocation();
  const decision = session.data
    ? decideAccess({
        user: session.data.user,
        pathname,
        search,
        pricingTarget: readCookie(COOKIES.pricingTarget),
        redirectTarget: readCookie(COOKIES.redirect),
        viewingClient: session.data.masquerade !== null,
      })
    : null;
  const rememberRedirect = decision?.kind === 'redirect' ? decision.rememberRedirect : undefined;
  const rememberPricing = decision?.kind === 'redirect' ? decision.rememberPricingTarget : undefined;
  const forget = decision?.kind === 'redirect' && decision.forgetRemembered === true;
  useEffect(() => {
    if (rememberRedirect) writeCookie(COOKIES.redirect, rememberRedirect, 60 * 60);
    if (rememberPricing) writeCookie(COOKIES.pricingTarget, rememberPricing, 60 * 60 * 24);
    if (forget) {
      deleteCookie(COOKIES.redirect);
      deleteCookie(COOKIES.pricingTarget);
    }
  }, [rememberRedirect, rememberPricing, forget]);
  return { decision, session };
}
