import {
  bulkImportWallets,
  WALLET_QUEUED,
  WALLETS_DISMISSED,
  WALLETS_QUEUED,
  walletFinderDismiss,
  walletFinderImport,
  walletFinderList,
} from '@lotwise/contracts/wallets/wallet-finder';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { authedRoute } from '../../http/route.ts';
import type { ImportHistory } from '../imports/import-history.service.ts';
import { addWallet, chainName, checkWallet, type WalletInput } from './add-wallet.ts';
import type { WalletConnectionsRepo } from './wallet-connections.repo.ts';
import { findAddresses, normaliseAddress } from './wallet-finder.ts';

/** The wallet finder and bulk import (issue 18; spec 01 §3, §7, §8). */
export function registerWalletFinderRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  repo: ImportHistory,
  wallets: WalletConnectionsRepo,
): void {
  const db = ctx.db.kysely;

  /** Every line checked first: one wrong line queues nothing and is named with its number. */
  async function queueAll(userId: number, inputs: WalletInput[]) {
    const problems: string[] = [];
    inputs.forEach((input, i) => {
      try {
        checkWallet(input);
      } catch (error) {
        problems.push(`Line ${i + 1} (${input.address || 'no address'}): ${(error as Error).message}`);
      }
    });
    if (problems.length > 0) {
      throw new AppError('validation_failed', problems.join('. '), { messages: problems, field: 'wallets' });
    }
    const ids: number[] = [];
    for (const input of inputs)
      ids.push((await addWallet(ctx, repo, wallets, userId, input)).importHistoryId);
    const first = inputs[0];
    return {
      status: 'success' as const,
      message: inputs.length === 1 && first ? WALLET_QUEUED(chainName(first.coin)) : WALLETS_QUEUED,
      data: { queued: ids.length, import_history_ids: ids },
    };
  }

  authedRoute(app, walletFinderList, async ({ auth }) => ({
    status: 'success' as const,
    data: await findAddresses(db, auth.user.id),
  }));

  authedRoute(app, walletFinderImport, async ({ auth, body }) => {
    // Only addresses the finder offers this user: the finder is not a way around blockchain_query's rules.
    const offered = new Set(
      (await findAddresses(db, auth.user.id, 10_000)).map((f) => `${f.coin}:${f.address}`),
    );
    const inputs = body.wallets.map((w) => ({
      coin: w.coin,
      address: normaliseAddress(w.coin, w.address) ?? w.address,
    }));
    const unknown = inputs.filter((w) => !offered.has(`${w.coin}:${w.address}`));
    if (unknown.length > 0) {
      throw new AppError(
        'not_found',
        `Not among the found addresses: ${unknown.map((w) => w.address).join(', ')}`,
      );
    }
    return queueAll(auth.user.id, inputs);
  });

  authedRoute(app, walletFinderDismiss, async ({ auth, body }) => {
    const rows = body.wallets.map((w) => ({
      user_id: auth.user.id,
      chain: w.coin,
      address: normaliseAddress(w.coin, w.address) ?? w.address.trim(),
      created_at: nowIso(),
    }));
    await db
      .insertInto('wallet_finder_dismissals')
      .values(rows)
      .onConflict((oc) => oc.columns(['user_id', 'chain', 'address']).doNothing())
      .execute();
    return { status: 'success' as const, message: WALLETS_DISMISSED };
  });

  authedRoute(app, bulkImportWallets, async ({ auth, body }) =>
    queueAll(
      auth.user.id,
      body.wallets.map((w) => ({ coin: w.coin, address: w.address, name: w.name, us_based: body.us_based })),
    ),
  );
}
