import { OFFLINE_COMMANDS, runLotwise } from '@lotwise/cli/program';

/**
 * The `lotwise` executable: the offline commands of packages/cli, and `prices`, which loads
 * files into the server's price table through packages/prices with the server's store.
 */
await runLotwise(process.argv, {
  ...OFFLINE_COMMANDS,
  prices: async () => (await import('./prices.ts')).registerPrices,
});
