import { paths } from '@/config/paths';
import { readStorage, writeStorage } from '@/lib/storage';

const STEPS = 5;
const key = (uuid: string) => `onboarding_step:${uuid}`;

/**
 * The furthest onboarding step this browser has shown the user (1–5), so someone who leaves
 * half-way comes back where they were, not to step 1. Kept per user, in local storage: every
 * earlier step's answer is already saved on the server.
 */
type Step = 1 | 2 | 3 | 4 | 5;
const isStep = (n: number): n is Step => Number.isInteger(n) && n >= 1 && n <= STEPS;

export function readOnboardingStep(uuid: string | undefined): Step {
  if (!uuid) return 1;
  const n = Number(readStorage(key(uuid)));
  return isStep(n) ? n : 1;
}

export function rememberOnboardingStep(uuid: string, step: number): void {
  if (step > readOnboardingStep(uuid)) writeStorage(key(uuid), String(step));
}

/** Where an unfinished onboarding continues. */
export function onboardingResumePath(uuid: string | undefined): string {
  return paths.onboarding.step.getHref(readOnboardingStep(uuid));
}
