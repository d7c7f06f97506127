import type { User } from '@lotwise/contracts/users/user';
import { paths, SUPPORT_URL } from '@/config/paths';
import { isAdmin, isCpaOnly, isCustomer, isUsRegion, showsBilling } from '@/lib/access/roles';

/** Navigation variants of spec 01 §2, as data, so the rules are testable. */
export type NavVariant = 'standard' | 'combined' | 'logged-out' | 'tax-pro';

export interface NavItem {
  label: string;
  to?: string;
  href?: string;
  badge?: string;
  children?: NavItem[];
}

type NavUser = Pick<User, 'roles' | 'combined_page' | 'country_code'>;

const support: NavItem = { label: 'Support', href: SUPPORT_URL };
const labs: NavItem = { label: 'Labs', to: paths.labs.dashboard.path, badge: 'Beta' };

export function navVariant(user: NavUser | null): NavVariant {
  if (!user) return 'logged-out';
  if (isCpaOnly(user)) return 'tax-pro';
  return user.combined_page ? 'combined' : 'standard';
}

/** `billingEnabled`: the logged-out navigation offers Choose Plan only when plans are sold. */
export function navItems(user: NavUser | null, billingEnabled = true): NavItem[] {
  const variant = navVariant(user);
  const us = isUsRegion(user?.country_code);
  const customer = user ? isCustomer(user) : false;
  switch (variant) {
    case 'logged-out':
      return [
        {
          label: 'Imports',
          children: [
            { label: 'Imported History', to: paths.transactionSources.path },
            { label: 'Transactions', to: paths.transactions.path },
            { label: 'Add Account', to: paths.imports.path },
          ],
        },
        { label: 'Taxes', to: paths.tax.path },
        { label: 'Holdings', to: paths.holdings.path },
        labs,
        { label: 'Tax Pro', to: paths.workWithTaxPro.path },
        support,
        ...(billingEnabled ? [{ label: 'Choose Plan', to: paths.pricing.path }] : []),
        { label: 'Log In', to: paths.auth.login.path },
      ];
    case 'tax-pro':
      return [{ label: 'Clients', to: paths.taxPro.dashboard.path }, support];
    case 'combined':
      return [
        { label: 'Wallets', to: paths.wallets.path },
        { label: 'Transactions', to: paths.transactions.path },
        { label: 'Tax', to: paths.tax.path },
        ...(customer ? [labs] : []),
        {
          label: 'More',
          children: [
            ...(us ? [{ label: 'File Your Tax Return', to: paths.taxFiling.path }] : []),
            { label: 'Add Your Accountant', to: paths.workWithTaxPro.path },
            support,
          ],
        },
      ];
    default:
      return [
        { label: 'Dashboard', to: paths.dashboard.path },
        { label: 'Import', to: paths.imports.path },
        { label: 'Transactions', to: paths.transactions.path },
        { label: 'Tax', to: paths.tax.path },
        { label: 'Holdings', to: paths.holdings.path },
        ...(us ? [{ label: 'Tax Filing', to: paths.taxFiling.path }] : []),
        { label: 'Tax Pro', to: paths.workWithTaxPro.path },
        ...(customer ? [labs] : []),
        support,
      ];
  }
}

/** Mobile bottom bar (below 768 px): Wallets, Transactions, Tax Center, Holdings. */
export function bottomBarItems(user: NavUser): NavItem[] {
  if (isCpaOnly(user)) return [];
  return [
    { label: 'Wallets', to: paths.wallets.path },
    { label: 'Transactions', to: paths.transactions.path },
    { label: 'Tax Center', to: paths.tax.path },
    { label: 'Holdings', to: paths.holdings.path },
  ];
}

/**
 * Account menu: Settings, Billing (customers only, and only when billing is on), Support, Sign Out.
 */
export function accountMenuItems(user: NavUser, billingEnabled = true): NavItem[] {
  const settings = isCpaOnly(user) ? paths.taxPro.settingsProfile.path : paths.settings.profile.path;
  return [
    { label: 'Settings', to: settings },
    ...(billingEnabled && showsBilling(user)
      ? [{ label: 'Billing', to: paths.settings.billingHistory.path }]
      : []),
    ...(isAdmin(user) ? [{ label: 'Administration', to: paths.admin.path }] : []),
    support,
  ];
}

/** The Upgrade button is for customers, when billing is on. */
export const showsUpgrade = (user: NavUser, billingEnabled = true): boolean =>
  billingEnabled && isCustomer(user);
