import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import type { ImportHistory } from '../imports/import-history.service.ts';
import { familyOfFormat } from '../imports/sources.service.ts';
import {
  BLOCKBOOK_COINS,
  isBlockbookAddress,
  isBlockbookCoin,
  isBlockbookExtendedKey,
} from './sources/blockbook-api.ts';
import { isExtendedKey } from './sources/esplora-api.ts';
import { EVM_CHAINS, isEvmChain } from './sources/etherscan-api.ts';
import { isSolanaAddress } from './sources/solana-rpc.ts';
import type { WalletConnectionsRepo } from './wallet-connections.repo.ts';

/** Legacy, P2SH and bech32 Bitcoin addresses. */
export const BTC_ADDRESS = /^(bc1[02-9ac-hj-np-z]{11,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Chains of the spec's active list Lotwise cannot read by address yet: said, never silent. */
export const BY_FILE_ONLY: Record<string, string> = {
  etc: 'Ethereum Classic',
  xrp: 'XRP',
  algo: 'Algorand',
  xlm: 'Stellar',
  ada: 'Cardano',
  trx: 'Tron',
  dot: 'Polkadot',
};

export interface WalletInput {
  coin: string;
  address: string;
  xpub?: boolean | undefined;
  xpub_key?: string | undefined;
  name?: string | null | undefined;
  us_based?: boolean | undefined;
}

/** The chain's name for a coin Lotwise reads by address. */
export function chainName(coin: string): string {
  if (coin === 'btc') return 'Bitcoin';
  if (coin === 'sol') return 'Solana';
  if (isBlockbookCoin(coin)) return BLOCKBOOK_COINS[coin].label;
  return isEvmChain(coin) ? EVM_CHAINS[coin].label : (BY_FILE_ONLY[coin] ?? coin.toUpperCase());
}

/**
 * Checks a wallet to add by address: the chain is one Lotwise reads, the address fits it.
 * Returns the normalised key (EVM addresses in lower case) or throws naming the field.
 */
export function checkWallet(input: WalletInput): { coin: string; key: string; xpub: boolean } {
  const coin = input.coin.trim().toLowerCase();
  if (coin === 'btc') {
    const xpub = Boolean(input.xpub) || isExtendedKey(input.address.trim());
    const key = (input.xpub ? input.xpub_key : input.address)?.trim() ?? '';
    if (xpub ? !isExtendedKey(key) : !BTC_ADDRESS.test(key)) {
      throw new AppError(
        'validation_failed',
        xpub ? 'xpub_key: not an extended public key (xpub, ypub or zpub)' : 'address: not a Bitcoin address',
        { field: xpub ? 'xpub_key' : 'address' },
      );
    }
    return { coin, key, xpub };
  }
  if (isBlockbookCoin(coin)) {
    const { label } = BLOCKBOOK_COINS[coin];
    const xpub = Boolean(input.xpub) || isBlockbookExtendedKey(input.address.trim());
    const key = (input.xpub ? input.xpub_key : input.address)?.trim() ?? '';
    if (xpub ? !isBlockbookExtendedKey(key) : !isBlockbookAddress(coin, key)) {
      throw new AppError(
        'validation_failed',
        xpub
          ? `xpub_key: not an extended public key of a ${label} wallet`
          : `address: not a ${label} address`,
        { field: xpub ? 'xpub_key' : 'address' },
      );
    }
    return { coin, key, xpub };
  }
  if (coin === 'sol') {
    const key = input.address.trim();
    if (!isSolanaAddress(key))
      throw new AppError('validation_failed', 'address: not a Solana address (base58, 32 bytes)', {
        field: 'address',
      });
    return { coin, key, xpub: false };
  }
  if (!isEvmChain(coin)) {
    const name = BY_FILE_ONLY[coin];
    throw new AppError(
      'validation_failed',
      name
        ? `coin: ${name} addresses are not supported yet; download the wallet's CSV export and import the file`
        : `coin: unknown blockchain "${coin}"`,
      { field: 'coin' },
    );
  }
  if (!EVM_ADDRESS.test(input.address.trim())) {
    throw new AppError(
      'validation_failed',
      `address: not a valid ${EVM_CHAINS[coin].label} address (0x and 40 hexadecimal characters)`,
      { field: 'address' },
    );
  }
  return { coin, key: input.address.trim().toLowerCase(), xpub: false };
}

/** The export layout a chain's history is kept in (its family names the account). */
export function walletFormat(coin: string): string {
  if (coin === 'btc') return 'electrum-history';
  if (coin === 'sol') return 'solscan-transfers';
  if (isBlockbookCoin(coin)) return 'trezorsuite-transactions';
  return 'etherscan-normal';
}

/** Adds a checked wallet as an account of the user and queues its import. */
export async function addWallet(
  ctx: AppContext,
  repo: ImportHistory,
  wallets: WalletConnectionsRepo,
  userId: number,
  input: WalletInput,
): Promise<{ importHistoryId: number; jobId: number; chain: string; existing: boolean }> {
  const { coin, key, xpub } = checkWallet(input);
  const chain = chainName(coin);
  // The same address (or xpub) again is the account already reading it: import it again, never a second account.
  const known = await wallets.findByAddress(userId, coin, key);
  if (known) {
    const job = await ctx.jobs.enqueue('import.wallet', userId, { historyId: known.import_history_id });
    return { importHistoryId: known.import_history_id, jobId: job.id, chain, existing: true };
  }
  const history = await repo.createHistory({
    userId,
    name: chain,
    slug: familyOfFormat(walletFormat(coin)).slug,
    type: 'wallet',
    customName: input.name || null,
    usBased: input.us_based ?? false,
    walletAddress: xpub ? null : key,
  });
  await wallets.save({ userId, historyId: history.id, chain: coin, address: key });
  const job = await ctx.jobs.enqueue('import.wallet', userId, { historyId: history.id });
  return { importHistoryId: history.id, jobId: job.id, chain, existing: false };
}
