import { blockchainQuery } from '@lotwise/contracts/imports/blockchain-query';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { authedRoute } from '../../http/route.ts';
import { appImportFileJob } from '../imports/import-file.job.ts';
import { ImportsRepo } from '../imports/imports.repo.ts';
import { familyOfFormat } from '../imports/sources.ts';
import { isExtendedKey } from './sources/esplora-api.ts';
import { EVM_CHAINS, isEvmChain } from './sources/etherscan-api.ts';
import { WalletConnectionsRepo } from './wallet-connections.repo.ts';
import { walletImportJob } from './wallet-import.job.ts';

/** Legacy, P2SH and bech32 Bitcoin addresses. */
const BTC_ADDRESS = /^(bc1[02-9ac-hj-np-z]{11,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/;

/** Chains of the spec's active list Lotwise cannot read by address yet: said, never silent. */
const BY_FILE_ONLY: Record<string, string> = {
  ltc: 'Litecoin',
  doge: 'Dogecoin',
  bch: 'Bitcoin Cash',
  dash: 'Dash',
  sol: 'Solana',
  etc: 'Ethereum Classic',
  xrp: 'XRP',
  algo: 'Algorand',
  xlm: 'Stellar',
  ada: 'Cardano',
  trx: 'Tron',
  dot: 'Polkadot',
};

/** Wallets by address (issue 18): `POST /api/blockchain_query`. */
export function registerWalletImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = new ImportsRepo(ctx.db.kysely);
  const wallets = new WalletConnectionsRepo(ctx.db.kysely);
  ctx.jobs.register('import.wallet', walletImportJob(ctx, repo, wallets, appImportFileJob(ctx, repo)));

  /** Bitcoin by xpub/ypub/zpub (its receive and change addresses) or by one address. */
  async function addBitcoin(
    userId: number,
    body: {
      address: string;
      xpub?: boolean | undefined;
      xpub_key?: string | undefined;
      wallet?: string | undefined;
      custom_wallet_name?: string | undefined;
      us_based?: boolean | undefined;
    },
  ) {
    const key = (body.xpub ? body.xpub_key : body.address)?.trim() ?? '';
    if (body.xpub ? !isExtendedKey(key) : !BTC_ADDRESS.test(key)) {
      throw new AppError(
        'validation_failed',
        body.xpub
          ? 'xpub_key: not an extended public key (xpub, ypub or zpub)'
          : 'address: not a Bitcoin address',
        { field: body.xpub ? 'xpub_key' : 'address' },
      );
    }
    const history = await repo.createHistory({
      userId,
      name: 'Bitcoin',
      slug: familyOfFormat('electrum-history').slug,
      type: 'wallet',
      customName: body.custom_wallet_name || body.wallet || null,
      usBased: body.us_based ?? false,
      walletAddress: body.xpub ? null : key,
    });
    await wallets.save({ userId, historyId: history.id, chain: 'btc', address: key });
    const job = await ctx.jobs.enqueue('import.wallet', userId, { historyId: history.id });
    return {
      status: 'success' as const,
      message: 'Bitcoin wallet added: importing its history',
      data: { import_history_id: history.id, job_id: job.id },
    };
  }

  authedRoute(app, blockchainQuery, async ({ auth, body }) => {
    if (body.coin === 'btc') return addBitcoin(auth.user.id, body);
    if (!isEvmChain(body.coin)) {
      const name = BY_FILE_ONLY[body.coin];
      throw new AppError(
        'validation_failed',
        name
          ? `coin: ${name} addresses are not supported yet; download the wallet's CSV export and import the file`
          : `coin: unknown blockchain "${body.coin}"`,
        { field: 'coin' },
      );
    }
    if (!/^0x[0-9a-fA-F]{40}$/.test(body.address)) {
      throw new AppError(
        'validation_failed',
        `address: not a ${EVM_CHAINS[body.coin].label} address (0x and 40 hexadecimal characters)`,
        { field: 'address' },
      );
    }
    const family = familyOfFormat('etherscan-normal');
    const address = body.address.toLowerCase();
    const history = await repo.createHistory({
      userId: auth.user.id,
      name: EVM_CHAINS[body.coin].label,
      slug: family.slug,
      type: 'wallet',
      customName: body.custom_wallet_name || body.wallet || null,
      usBased: body.us_based ?? false,
      walletAddress: address,
    });
    await wallets.save({ userId: auth.user.id, historyId: history.id, chain: body.coin, address });
    const job = await ctx.jobs.enqueue('import.wallet', auth.user.id, { historyId: history.id });
    return {
      status: 'success' as const,
      message: `${EVM_CHAINS[body.coin].label} wallet added: importing its history`,
      data: { import_history_id: history.id, job_id: job.id },
    };
  });
}
