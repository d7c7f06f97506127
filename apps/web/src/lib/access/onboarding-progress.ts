import { paths } from '@/config/paths';

type Step = 1 | 2 | 3 | 4 | 5;
const isStep = (n: unknown): n is Step => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 5;

/**
 * The furthest onboarding step the user reached (1–5), as the server keeps it per user
 * (issue 35.14): someone who leaves half-way comes back where they were, on any browser or
 * device, not to step 1. Every earlier step's answer is already saved on the server.
 */
export function onboardingStepOf(user: { onboarding_step?: number } | null | undefined): Step {
  return isStep(user?.onboarding_step) ? user.onboarding_step : 1;
}

/** Where an unfinished onboarding continues. */
export function onboardingResumePath(user: { onboarding_step?: number } | null | undefined): string {
  return paths.onboarding.step.getHref(onboardingStepOf(user));
}
