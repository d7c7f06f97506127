/**
 * The onboarding module's surface: the reporting currencies a user may choose.
 */
export { REPORTING_CURRENCIES } from './currencies.ts';
