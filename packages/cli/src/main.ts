import { OFFLINE_COMMANDS, runLotwise } from './program.ts';

// The bundle's entry (scripts/build.mjs): the offline commands, which the launcher
// (apps/cli/bin/lotwise.mjs) sends here while the bundle is fresh.
await runLotwise(process.argv, OFFLINE_COMMANDS);
