import { WIZARD_STEP, type Wizard } from '@lotwise/contracts/review/wizards';

/** Spec 01 §4: the onboarding progress step is kept locally under current_step. */
export const CURRENT_STEP_KEY = 'current_step';

export function rememberStep(wizard: Wizard | 'pricing_summary' | 'tax_summary'): number {
  const step = WIZARD_STEP[wizard];
  try {
    localStorage.setItem(CURRENT_STEP_KEY, String(step));
  } catch {
    // Private mode: the step is only shown, never needed.
  }
  return step;
}

export function storedStep(): number | null {
  try {
    const n = Number(localStorage.getItem(CURRENT_STEP_KEY));
    return Number.isInteger(n) && n >= 1 && n <= 5 ? n : null;
  } catch {
    return null;
  }
}
