/**
 * decimal.js for the edit dialog's maths in the web app (exact decimals, never floats);
 * re-exported here so the one dependency stays declared by contracts.
 */
export { default as Decimal } from 'decimal.js';
