import { describe, expect, it } from 'vitest';
import { accountMenuItems, bottomBarItems, navItems, navVariant, showsUpgrade } from './nav-items';

const customer = { roles: ['customer' as const], combined_page: false, country_code: 'US' };
const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('navigation variants', () => {
  it('picks the variant from the user', () => {
    expect(navVariant(null)).toBe('logged-out');
    expect(navVariant(customer)).toBe('standard');
    expect(navVariant({ ...customer, combined_page: true })).toBe('combined');
    expect(navVariant({ ...customer, roles: ['cpa'] })).toBe('tax-pro');
  });
  it('standard shows the tax-filing link only for US-region users', () => {
    expect(labels(navItems(customer))).toEqual([
      'Dashboard',
      'Import',
      'Transactions',
      'Tax',
      'Holdings',
      'Tax Filing',
      'Tax Pro',
      'Labs',
      'Support',
    ]);
    expect(labels(navItems({ ...customer, country_code: 'PR' }))).toContain('Tax Filing');
    expect(labels(navItems({ ...customer, country_code: 'DE' }))).not.toContain('Tax Filing');
  });
  it('combined page has Wallets, Transactions, Tax and a More menu', () => {
    const items = navItems({ ...customer, combined_page: true });
    expect(labels(items)).toEqual(['Wallets', 'Transactions', 'Tax', 'Labs', 'More']);
    expect(labels(items.at(-1)?.children ?? [])).toEqual([
      'File Your Tax Return',
      'Add Your Accountant',
      'Support',
    ]);
    const ca = navItems({ ...customer, combined_page: true, country_code: 'CA' });
    expect(labels(ca.at(-1)?.children ?? [])).toEqual(['Add Your Accountant', 'Support']);
  });
  it('logged-out variant keeps the older menu', () => {
    const items = navItems(null);
    expect(labels(items)).toEqual([
      'Imports',
      'Taxes',
      'Holdings',
      'Labs',
      'Tax Pro',
      'Support',
      'Choose Plan',
      'Log In',
    ]);
    expect(labels(items[0]?.children ?? [])).toEqual(['Imported History', 'Transactions', 'Add Account']);
    expect(items.find((i) => i.label === 'Labs')?.badge).toBe('Beta');
  });
  it('logged-out variant offers Choose Plan only when billing is on', () => {
    expect(labels(navItems(null, false))).not.toContain('Choose Plan');
    expect(labels(navItems(null, false))).toContain('Log In');
  });
  it('bottom bar and account menu', () => {
    expect(labels(bottomBarItems(customer))).toEqual(['Wallets', 'Transactions', 'Tax Center', 'Holdings']);
    expect(labels(accountMenuItems(customer))).toEqual(['Settings', 'Billing', 'Support']);
    expect(labels(accountMenuItems(customer, false))).toEqual(['Settings', 'Support']);
    const cpa = accountMenuItems({ ...customer, roles: ['cpa'] });
    expect(labels(cpa)).toEqual(['Settings', 'Support']);
    expect(cpa[0]?.to).toBe('/tax_pro/settings/profile');
  });
  it('the Upgrade button is for customers when billing is on', () => {
    expect(showsUpgrade(customer, true)).toBe(true);
    expect(showsUpgrade(customer, false)).toBe(false);
    expect(showsUpgrade({ ...customer, roles: ['cpa'] }, true)).toBe(false);
  });
});
