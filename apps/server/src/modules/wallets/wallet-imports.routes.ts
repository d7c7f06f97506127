import { blockchainQuery } from '@lotwise/contracts/imports/blockchain-query';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { authedRoute } from '../../http/route.ts';
import { importHistory } from '../imports/import-history.service.ts';
import { importFileJob } from '../imports/imports.service.ts';
import { addWallet } from './add-wallet.ts';
import { registerHardwareWalletRoutes } from './hardware-wallets.routes.ts';
import { WalletConnectionsRepo } from './wallet-connections.repo.ts';
import { registerWalletFinderRoutes } from './wallet-finder.routes.ts';
import { walletImportJob } from './wallet-import.job.ts';

/** Wallets by address (issue 18): `POST /api/blockchain_query`. */
export function registerWalletImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = importHistory(ctx.db.kysely);
  const wallets = new WalletConnectionsRepo(ctx.db.kysely);
  ctx.jobs.register('import.wallet', walletImportJob(ctx, repo, wallets, importFileJob(ctx)));

  authedRoute(app, blockchainQuery, async ({ auth, body }) => {
    const added = await addWallet(ctx, repo, wallets, auth.user.id, {
      ...body,
      name: body.custom_wallet_name || body.wallet || null,
    });
    return {
      status: 'success' as const,
      message: added.existing
        ? `${added.chain} wallet already added: importing its history again`
        : `${added.chain} wallet added: importing its history`,
      data: { import_history_id: added.importHistoryId, job_id: added.jobId },
    };
  });

  registerWalletFinderRoutes(app, ctx, repo, wallets);
  registerHardwareWalletRoutes(app, ctx);
}
