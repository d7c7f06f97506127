/**
 * What an accountant (or an admin) working inside a client's account is not offered: the pages
 * of the README's "What an accountant may do in a client's account" rows marked no — the
 * client's profile, password, two-factor, preferences, accountants and access log, billing,
 * Labs, and the accountant's own or admin areas. The server refuses their calls anyway; the
 * app shows no control for them (issue 32).
 */
export const NOT_WHILE_VIEWING = "Not available while you are viewing a client's account.";

const CLIENT_ONLY_PAGES = [
  '/work_with_tax_pro',
  '/settings/profile',
  '/settings/mfa-security',
  '/settings/billing-history',
  '/settings/bulk_edit_preference',
  '/pricing',
  '/pricing_summary',
  '/choose_plan_mobile',
  '/admin',
  '/tax_pro',
  '/labs',
  '/onboarding',
];

/** Whether the page at `pathname` is one the impersonating session may not use. */
export function blockedWhileViewing(pathname: string): boolean {
  if (pathname === '/settings' || pathname === '/settings/') return true;
  return CLIENT_ONLY_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

interface LinkItem {
  to?: string;
  children?: LinkItem[];
}

/** Navigation without the links to pages an impersonating session may not use. */
export function withoutClientOnly<T extends LinkItem>(items: T[]): T[] {
  return items
    .filter((item) => !(item.to && blockedWhileViewing(item.to.split(/[?#]/)[0] ?? '')))
    .map((item) => (item.children ? { ...item, children: withoutClientOnly(item.children) } : item));
}
