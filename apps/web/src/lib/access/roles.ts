import { type Role, US_REGION_CODES } from '@lotwise/contracts/users/user';

/** Role rules of spec 01 §6, as pure functions of the user's roles. */
export interface RoleHolder {
  roles: readonly Role[];
}

const PAGE_ROLES: readonly Role[] = ['admin', 'customer', 'cpa'];

export function hasPageAccess(user: RoleHolder): boolean {
  return user.roles.some((r) => PAGE_ROLES.includes(r));
}

export const isCustomer = (user: RoleHolder): boolean => user.roles.includes('customer');
export const isCpa = (user: RoleHolder): boolean => user.roles.includes('cpa');
export const isAdmin = (user: RoleHolder): boolean => user.roles.includes('admin');

/** A tax professional who is not also a customer (or admin): lives in the tax-pro area. */
export const isCpaOnly = (user: RoleHolder): boolean => isCpa(user) && !isCustomer(user) && !isAdmin(user);

/** Billing shows to customers only. */
export const showsBilling = (user: RoleHolder): boolean => isCustomer(user);

/** The tax-filing link shows only for US-region country codes. */
export function isUsRegion(countryCode: string | null | undefined): boolean {
  return (US_REGION_CODES as readonly string[]).includes((countryCode ?? 'US').toUpperCase());
}
