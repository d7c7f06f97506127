import { describe, expect, it } from 'vitest';
import { landingPath, postLoginTarget, safeRedirectTarget } from './landing';
import { onboardingStepOf } from './onboarding-progress';

const base = {
  roles: ['customer'] as const,
  onboarded: true,
  transaction_uploaded: false,
  combined_page: false,
};

describe('landingPath', () => {
  it('sends a cpa to the tax-pro dashboard', () => {
    expect(landingPath({ ...base, roles: ['cpa'] })).toBe('/tax_pro/dashboard');
    expect(landingPath({ ...base, roles: ['cpa'], onboarded: false })).toBe('/tax_pro/dashboard');
  });
  it('sends onboarded users with the combined page to /wallets', () => {
    expect(landingPath({ ...base, combined_page: true })).toBe('/wallets');
  });
  it('sends onboarded users with uploads to /imports', () => {
    expect(landingPath({ ...base, transaction_uploaded: true })).toBe('/imports');
  });
  it('sends onboarded users without uploads to /', () => {
    expect(landingPath(base)).toBe('/');
  });
  it('sends users who are not onboarded to step 1', () => {
    expect(landingPath({ ...base, onboarded: false, transaction_uploaded: true })).toBe('/onboarding/step-1');
  });
  it('sends users who left onboarding half-way back to the furthest step the server kept for them', () => {
    expect(landingPath({ ...base, onboarded: false, onboarding_step: 5 })).toBe('/onboarding/step-5');
    expect(landingPath({ ...base, onboarded: false, onboarding_step: 3 })).toBe('/onboarding/step-3');
    // Nothing stored (an older server) or nonsense: the beginning.
    expect(landingPath({ ...base, onboarded: false })).toBe('/onboarding/step-1');
    expect(onboardingStepOf({ onboarding_step: 9 })).toBe(1);
    expect(onboardingStepOf({ onboarding_step: 2.5 })).toBe(1);
    expect(onboardingStepOf(null)).toBe(1);
  });
});

describe('redirect targets', () => {
  it('honours only paths on this site', () => {
    expect(safeRedirectTarget('/tax?year=2024')).toBe('/tax?year=2024');
    expect(safeRedirectTarget('https://evil.example')).toBeNull();
    expect(safeRedirectTarget('//evil.example')).toBeNull();
    expect(safeRedirectTarget('/\\evil.example')).toBeNull();
    expect(safeRedirectTarget('/login')).toBeNull();
    expect(safeRedirectTarget('')).toBeNull();
  });
  it('prefers the parameter, then the cookie, then the landing rules', () => {
    expect(postLoginTarget(base, '/holdings', '/tax')).toBe('/holdings');
    expect(postLoginTarget(base, null, '/tax')).toBe('/tax');
    expect(postLoginTarget(base, 'https://evil.example', null)).toBe('/');
  });
  it('sends customers who are not onboarded into the flow first', () => {
    expect(postLoginTarget({ ...base, onboarded: false }, '/holdings', null)).toBe('/onboarding/step-1');
  });
});
