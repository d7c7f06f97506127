/**
 * The transactions module's surface for reading the user's own rows and checking currencies,
 * for review and manual entry.
 */
export { checkKnownCurrencies } from './known-currencies.ts';
export { ownRows } from './own-rows.ts';
