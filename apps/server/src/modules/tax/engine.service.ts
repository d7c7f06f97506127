/**
 * The tax module's surface for the modules that run the engine on their own (review's method
 * and allocation comparisons, broker-form tie-outs, holdings): the engine's input, prices,
 * settings and a run in a worker.
 */

export { priceRows } from './calc-prices.ts';
export { loadEngineInput, walletNames } from './engine-input.ts';
export { runEngineInWorker } from './run-engine.ts';
export type { TaxSettings } from './tax-settings.ts';
export { defaultTaxYear, engineOptions, settingsOf } from './tax-settings.ts';
