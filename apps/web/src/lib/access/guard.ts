import type { Role } from '@lotwise/contracts/users/user';
import { PUBLIC_PATHS, paths, SIGN_UP_PATHS } from '@/config/paths';
import { importsPath, type LandingUser, postLoginTarget, safeRedirectTarget } from './landing';
import { onboardingResumePath } from './onboarding-progress';
import { hasPageAccess, isAdmin, isCpa, isCpaOnly, isCustomer } from './roles';

export interface GuardUser extends LandingUser {
  roles: readonly Role[];
}

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'unauthorised' }
  | {
      kind: 'redirect';
      to: string;
      rememberRedirect?: string;
      rememberPricingTarget?: string;
      /** The remembered redirect/pricing target was used up: forget it. */
      forgetRemembered?: boolean;
    };

export interface GuardInput {
  user: GuardUser | null;
  pathname: string;
  search: string;
  /** The pricing target remembered earlier in a cookie, if any. */
  pricingTarget: string | null;
  /** The redirect target remembered earlier in a cookie, if any. */
  redirectTarget?: string | null;
  /**
   * An accountant (or admin) is viewing a client's account: the client's onboarding is the
   * client's own (its calls are refused while viewing), so it never gates the pages.
   */
  viewingClient?: boolean;
}

const ALLOW: AccessDecision = { kind: 'allow' };

const under = (pathname: string, prefix: string): boolean =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Access guard of spec 01 §2 and §6 for protected pages. */
export function decideAccess({
  user,
  pathname,
  search,
  pricingTarget,
  redirectTarget = null,
  viewingClient = false,
}: GuardInput): AccessDecision {
  if (!user) return decideLoggedOut(pathname, search, pricingTarget);
  if (!hasPageAccess(user)) return { kind: 'unauthorised' };

  const inOnboarding = under(pathname, '/onboarding');
  // Viewing a client: never into the client's onboarding, whether the client finished it or not.
  if (viewingClient) return inOnboarding ? { kind: 'redirect', to: paths.home.path } : ALLOW;
  if (isAdmin(user)) return ALLOW;
  const inTaxPro = under(pathname, '/tax_pro');

  if (inTaxPro && !isCpa(user)) return { kind: 'redirect', to: paths.dashboard.path };

  if (isCpaOnly(user)) {
    if (inTaxPro) return ALLOW;
    if (inOnboarding && !user.onboarded) return ALLOW;
    // Leaving onboarding: a page remembered before sign-up (an invitation's link) comes first.
    const remembered = inOnboarding ? safeRedirectTarget(redirectTarget) : null;
    if (remembered) return { kind: 'redirect', to: remembered, forgetRemembered: true };
    return { kind: 'redirect', to: paths.taxPro.dashboard.path };
  }

  if (isCustomer(user)) {
    if (!user.onboarded && !inOnboarding) return { kind: 'redirect', to: onboardingResumePath(user) };
    if (user.onboarded && inOnboarding) {
      // Leaving onboarding: a page remembered before sign-up (redirect, then pricing) comes first.
      const remembered = safeRedirectTarget(redirectTarget) ?? safeRedirectTarget(pricingTarget);
      if (remembered) return { kind: 'redirect', to: remembered, forgetRemembered: true };
      return { kind: 'redirect', to: user.transaction_uploaded ? importsPath(user) : paths.home.path };
    }
  }
  return ALLOW;
}

function decideLoggedOut(pathname: string, search: string, pricingTarget: string | null): AccessDecision {
  const params = new URLSearchParams(search);
  const redirectParam = safeRedirectTarget(params.get('redirect'));
  if (redirectParam) {
    return { kind: 'redirect', to: paths.auth.login.getHref(redirectParam), rememberRedirect: redirectParam };
  }
  if (pathname === paths.pricing.path) {
    return { kind: 'redirect', to: paths.auth.newSignUp.path, rememberPricingTarget: pathname + search };
  }
  if (pricingTarget) return { kind: 'redirect', to: paths.auth.newSignUp.path };
  const here = safeRedirectTarget(pathname + search);
  if (!here || here === '/') return { kind: 'redirect', to: paths.auth.login.path };
  return { kind: 'redirect', to: paths.auth.login.getHref(here), rememberRedirect: here };
}

/** Signed-in users who open the sign-in or sign-up pages go where they would land after signing in. */
export function decidePublicPage(
  user: GuardUser | null,
  pathname: string,
  search: string,
  redirectCookie: string | null,
): AccessDecision {
  if (!user) return ALLOW;
  const signInPages = [paths.auth.login.path, ...SIGN_UP_PATHS];
  if (!signInPages.includes(pathname) || !hasPageAccess(user)) return ALLOW;
  const redirect = new URLSearchParams(search).get('redirect');
  return { kind: 'redirect', to: postLoginTarget(user, redirect, redirectCookie) };
}

export const isPublicPath = (pathname: string): boolean => PUBLIC_PATHS.includes(pathname);
