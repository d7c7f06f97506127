/**
 * The tax module's surface for the value of a row from the prices the user typed (transactions
 * list, price review).
 */
export { manualFiatValue, storedLegs } from './manual-price.ts';
