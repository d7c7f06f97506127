/**
 * The prices module's surface for the other modules: which providers answer an asset (labs),
 * and a row's value with its explanation (review).
 */

export type { ProviderReach } from './provider-reach.ts';
export { labelList, providerReach } from './provider-reach.ts';
export { loadValuedRows, rowValues } from './row-values.ts';
