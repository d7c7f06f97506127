import type { Role } from '@lotwise/contracts/users/user';
import { paths } from '@/config/paths';
import { onboardingResumePath } from './onboarding-progress';
import { isCpa } from './roles';

export interface LandingUser {
  roles: readonly Role[];
  onboarded: boolean;
  transaction_uploaded: boolean;
  combined_page: boolean;
  /** The furthest onboarding step reached (kept on the server): an unfinished onboarding resumes there. */
  onboarding_step?: number;
}

/** The imports path: /wallets with the combined page, otherwise /imports. */
export function importsPath(user: Pick<LandingUser, 'combined_page'>): string {
  return user.combined_page ? paths.wallets.path : paths.imports.path;
}

/** Post-login landing of spec 01 §2 (without a redirect target). */
export function landingPath(user: LandingUser): string {
  if (isCpa(user)) return paths.taxPro.dashboard.path;
  if (user.onboarded && (user.combined_page || user.transaction_uploaded)) return importsPath(user);
  if (user.onboarded) return paths.home.path;
  return onboardingResumePath(user);
}

/**
 * A redirect target is honoured only when it is a path on this site: it must start with a
 * single '/', and must not lead back into the sign-in pages.
 */
export function safeRedirectTarget(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const target = raw.trim();
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if ([...target].some((ch) => ch.charCodeAt(0) < 32)) return null;
  const pathname = target.split(/[?#]/)[0] ?? '';
  const blocked = ['/login', '/new_sign_up', '/sign_up', '/get_started', '/forgotpassword', '/resetpassword'];
  if (blocked.includes(pathname)) return null;
  return target;
}

/** Where to go right after signing in: an honoured redirect first, then the landing rules. */
export function postLoginTarget(
  user: LandingUser,
  redirectParam: string | null,
  redirectCookie: string | null,
): string {
  if (!user.onboarded && !isCpa(user)) return landingPath(user);
  return safeRedirectTarget(redirectParam) ?? safeRedirectTarget(redirectCookie) ?? landingPath(user);
}
