/**
 * The wallets module's exchange and explorer clients, for the modules that connect accounts by
 * other means (OAuth) or read contracts (contract checks).
 */

export { fetchCoinbaseUserId } from './coinbase-api.ts';
export { EVM_CHAINS, isEvmChain } from './etherscan-api.ts';
export { abiString, ethCall, getCode } from './etherscan-proxy.ts';
export { accountFamily, exchangeConnection, exchangeSource } from './exchange-sources.ts';
export { SourceError } from './source-error.ts';
