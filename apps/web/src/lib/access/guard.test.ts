import { describe, expect, it } from 'vitest';
import { decideAccess, decidePublicPage, type GuardUser } from './guard';
import { isUsRegion, showsBilling } from './roles';
import { trackingCookies } from './tracking';

const customer: GuardUser = {
  roles: ['customer'],
  onboarded: true,
  transaction_uploaded: false,
  combined_page: false,
};
const at = (user: GuardUser | null, pathname: string, search = '', pricingTarget: string | null = null) =>
  decideAccess({ user, pathname, search, pricingTarget });

describe('logged-out users', () => {
  it('go to /login with the page remembered', () => {
    expect(at(null, '/tax', '?x=1')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Ftax%3Fx%3D1',
      rememberRedirect: '/tax?x=1',
    });
    expect(at(null, '/')).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('honour a redirect parameter and remember it', () => {
    expect(at(null, '/dashboard', '?redirect=/holdings')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fholdings',
      rememberRedirect: '/holdings',
    });
  });
  it('go to /new_sign_up after an earlier pricing target', () => {
    expect(at(null, '/tax', '', '/pricing?taxYear=2025')).toEqual({ kind: 'redirect', to: '/new_sign_up' });
    expect(at(null, '/pricing', '?callUrl=settings')).toEqual({
      kind: 'redirect',
      to: '/new_sign_up',
      rememberPricingTarget: '/pricing?callUrl=settings',
    });
  });
});

describe('signed-in users', () => {
  it('without a page role see the unauthorised screen', () => {
    expect(at({ ...customer, roles: [] }, '/')).toEqual({ kind: 'unauthorised' });
  });
  it('customers on a tax_pro path go to /dashboard', () => {
    expect(at(customer, '/tax_pro/dashboard')).toEqual({ kind: 'redirect', to: '/dashboard' });
  });
  it('customers who are not onboarded go to step 1 unless in the flow', () => {
    const fresh = { ...customer, onboarded: false };
    expect(at(fresh, '/transactions')).toEqual({ kind: 'redirect', to: '/onboarding/step-1' });
    expect(at(fresh, '/onboarding/step-3')).toEqual({ kind: 'allow' });
  });
  it('onboarded customers leave the onboarding flow', () => {
    expect(at(customer, '/onboarding/step-2')).toEqual({ kind: 'redirect', to: '/' });
    expect(at({ ...customer, transaction_uploaded: true }, '/onboarding/video')).toEqual({
      kind: 'redirect',
      to: '/imports',
    });
    expect(at(customer, '/transactions')).toEqual({ kind: 'allow' });
  });
  it('tax professionals are kept in the tax-pro area', () => {
    const cpa = { ...customer, roles: ['cpa'] as const };
    expect(at(cpa, '/transactions')).toEqual({ kind: 'redirect', to: '/tax_pro/dashboard' });
    expect(at(cpa, '/tax_pro/view_customer')).toEqual({ kind: 'allow' });
    expect(at({ ...cpa, roles: ['cpa', 'customer'] }, '/transactions')).toEqual({ kind: 'allow' });
    // An accountant who signed up from an invitation's link goes back to it after onboarding.
    const link = '/accept_invitation?token=abc';
    expect(
      decideAccess({
        user: cpa,
        pathname: '/onboarding/step-5',
        search: '',
        pricingTarget: null,
        redirectTarget: link,
      }),
    ).toEqual({
      kind: 'redirect',
      to: link,
      forgetRemembered: true,
    });
    expect(
      decideAccess({
        user: cpa,
        pathname: '/transactions',
        search: '',
        pricingTarget: null,
        redirectTarget: link,
      }),
    ).toEqual({
      kind: 'redirect',
      to: '/tax_pro/dashboard',
    });
  });
  it('admins open every page', () => {
    expect(at({ ...customer, roles: ['admin'], onboarded: false }, '/tax_pro/dashboard')).toEqual({
      kind: 'allow',
    });
  });
  it('are sent on from the sign-in pages', () => {
    expect(decidePublicPage(customer, '/login', '?redirect=/tax', null)).toEqual({
      kind: 'redirect',
      to: '/tax',
    });
    expect(decidePublicPage(customer, '/new_sign_up', '', null)).toEqual({ kind: 'redirect', to: '/' });
    expect(decidePublicPage(customer, '/resetpassword', '', null)).toEqual({ kind: 'allow' });
    expect(decidePublicPage(null, '/login', '', null)).toEqual({ kind: 'allow' });
  });
});

describe('role display rules', () => {
  it('shows Billing to customers only', () => {
    expect(showsBilling(customer)).toBe(true);
    expect(showsBilling({ roles: ['cpa'] })).toBe(false);
  });
  it('shows tax filing to US-region users only', () => {
    for (const code of ['US', 'PR', 'MP', 'GU', 'AS', 'VI', 'us']) expect(isUsRegion(code)).toBe(true);
    expect(isUsRegion('CA')).toBe(false);
    expect(isUsRegion('DE')).toBe(false);
  });
});

describe('tracking cookies', () => {
  it('keeps utm source, medium and the partner wallet hash', () => {
    expect(trackingCookies('?utm_source=news&utm_medium=email&wallets_hash=abc')).toEqual([
      ['lotwise_utm_source', 'news'],
      ['lotwise_utm_medium', 'email'],
      ['lotwise_wallets_hash', 'abc'],
    ]);
    expect(trackingCookies('?foo=1')).toEqual([]);
  });
});

describe('leaving onboarding', () => {
  it('goes to a remembered redirect, then a pricing target, and forgets them', () => {
    const input = { user: customer, pathname: '/onboarding/step-5', search: '' };
    expect(
      decideAccess({ ...input, pricingTarget: '/pricing?callUrl=settings', redirectTarget: '/tax' }),
    ).toEqual({
      kind: 'redirect',
      to: '/tax',
      forgetRemembered: true,
    });
    expect(decideAccess({ ...input, pricingTarget: '/pricing?callUrl=settings' })).toEqual({
      kind: 'redirect',
      to: '/pricing?callUrl=settings',
      forgetRemembered: true,
    });
    expect(decideAccess({ ...input, pricingTarget: 'https://evil.example' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });
});

describe('an accountant or admin viewing a client (attack pass)', () => {
  const viewing = (user: GuardUser, pathname: string) =>
    decideAccess({ user, pathname, search: '', pricingTarget: null, viewingClient: true });
  const unfinished: GuardUser = { ...customer, onboarded: false, onboarding_step: 1 };

  it('never sends them into the client’s onboarding, finished or not', () => {
    for (const path of ['/dashboard', '/transactions', '/tax', '/']) {
      expect(viewing(unfinished, path), path).toEqual({ kind: 'allow' });
      expect(viewing(customer, path), path).toEqual({ kind: 'allow' });
    }
    for (const path of ['/onboarding/step-1', '/onboarding/step-4', '/onboarding/video'])
      expect(viewing(unfinished, path), path).toEqual({ kind: 'redirect', to: '/' });
  });

  it('the client’s own session still resumes an unfinished onboarding', () => {
    expect(at(unfinished, '/dashboard')).toEqual({ kind: 'redirect', to: '/onboarding/step-1' });
  });
});
