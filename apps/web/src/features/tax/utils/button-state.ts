import type { taxCalculationDetails } from '@lotwise/contracts/tax/calculation';
import type { z } from 'zod';

type Details = z.infer<typeof taxCalculationDetails>;

export const NOTHING_TO_CALCULATE =
  "You don't have any taxable or incoming transactions yet. Import your transactions to calculate your taxes.";
export const RESTART_CONFIRMATION = 'Are you sure that you would like to restart the tax calculation?';
export const NOTFOUND_NEVER = 'To view your crypto tax, please run the tax calculation.';
export const NOTFOUND_EMPTY = "You don't have any tax results.";

/**
 * What the Calculate/View Taxes button does (spec 01 §4):
 * - disabled: no taxable or incoming transactions (tooltip NOTHING_TO_CALCULATE);
 * - calculate: never calculated, or a calculation is needed — a click starts one;
 * - restart: a calculation started and did not finish (or failed), or the user clicked once
 *   already — a click asks RESTART_CONFIRMATION, then restarts with recalculate;
 * - view: calculated and up to date — goes to the year's page.
 */
export type ButtonAction = 'loading' | 'disabled' | 'calculate' | 'restart' | 'view';

export function buttonAction(details: Details | undefined, calculateClicked: boolean): ButtonAction {
  if (!details) return 'loading';
  if (!details.taxable_or_incoming) return 'disabled';
  if (details.tax_calculated === false || (calculateClicked && details.tax_calculated === null))
    return 'restart';
  if (details.tax_calculated === null || details.need_tax_calculation)
    return calculateClicked ? 'restart' : 'calculate';
  return 'view';
}

/** 'Calculate Taxes' / 'View Taxes', singular 'Tax' on mobile. */
export function buttonLabel(action: ButtonAction, mobile: boolean): string {
  const noun = mobile ? 'Tax' : 'Taxes';
  return action === 'view' ? `View ${noun}` : `Calculate ${noun}`;
}
