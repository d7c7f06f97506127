import { describe, expect, it } from 'vitest';
import { landingPath, postLoginTarget, safeRedirectTarget } from './landing';
import { readOnboardingStep, rememberOnboardingStep } from './onboarding-progress';

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
  it('sends users who left onboarding half-way back to the furthest step they reached', () => {
    const uuid = 'u-resume-1';
    rememberOnboardingStep(uuid, 3);
    rememberOnboardingStep(uuid, 5);
    rememberOnboardingStep(uuid, 2); // going back a step does not forget how far they got
    expect(readOnboardingStep(uuid)).toBe(5);
    expect(landingPath({ ...base, onboarded: false, uuid })).toBe('/onboarding/step-5');
    // Another user of the same browser starts at their own beginning.
    expect(landingPath({ ...base, onboarded: false, uuid: 'u-other' })).toBe('/onboarding/step-1');
    window.localStorage.setItem('onboarding_step:u-bad', '9');
    expect(readOnboardingStep('u-bad')).toBe(1);
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
