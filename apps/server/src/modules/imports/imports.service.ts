import type { AppContext } from '../../http/context.ts';
import { appImportFileJob } from './import-file.job.ts';
import { ImportsRepo } from './imports.repo.ts';

/**
 * The imports module's surface for the other modules (README, "which way imports go"). The
 * job that imports one stored file (queued as 'import.parse'), for the modules that fetch a
 * file first (wallets, exchange API and OAuth connections) and then hand it over.
 */
export function importFileJob(ctx: AppContext) {
  return appImportFileJob(ctx, new ImportsRepo(ctx.db.kysely));
}

export { insertManualEntry } from './manual-entry.ts';
