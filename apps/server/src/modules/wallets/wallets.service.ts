import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { CredentialsRepo } from './credentials.repo.ts';
import { WalletConnectionsRepo } from './wallet-connections.repo.ts';

/**
 * The wallets module's surface for the other modules (the aggregator, contract checks, OAuth
 * and imports): adding a wallet or an exchange account, importing an exchange's history, and
 * the accounts whose last sync failed.
 */

/** The stores `connectByApiKey` and `addWallet` write, for a caller that hands them on. */
export interface WalletStores {
  credentials: CredentialsRepo;
  wallets: WalletConnectionsRepo;
}

export function walletStores(db: Kysely<Database>): WalletStores {
  return { credentials: new CredentialsRepo(db), wallets: new WalletConnectionsRepo(db) };
}

export { accountFailures } from './account-failures.ts';
export { addWallet, checkWallet } from './add-wallet.ts';
export { connectByApiKey } from './connect-by-key.ts';
export { importExchangeHistory } from './import-exchange-history.ts';
