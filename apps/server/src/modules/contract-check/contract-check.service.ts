import type { AddressKind } from '@lotwise/contracts/imports/check-smart-contract';
import type { Config } from '../../config.ts';
import {
  abiString,
  EVM_CHAINS,
  ethCall,
  getCode,
  isEvmChain,
  SourceError,
} from '../wallets/sources/sources.service.ts';
import { checkWallet } from '../wallets/wallets.service.ts';
import { KNOWN_EXCHANGE_WALLETS } from './known-exchange-wallets.ts';

export interface AddressCheck {
  checked: boolean;
  kind: AddressKind;
  is_contract: boolean;
  warning: string | null;
  note: string | null;
}

/** ERC-20's totalSupply() and symbol() selectors: a contract answering both is a token. */
const TOTAL_SUPPLY = '0x18160ddd';
const SYMBOL = '0x95d89b41';

/**
 * What an address about to be saved as a wallet is (issue 33, spec 01 §7 /check_smart_contract):
 * a known exchange hot wallet (by its label, no call needed), or on an EVM chain its code through
 * Etherscan's proxy (`eth_getCode`): none is a wallet; a contract answering totalSupply() is a
 * token; another contract may be a smart wallet. Other chains have nothing to check. When the
 * explorer cannot be asked, that is said (never taken for "a wallet").
 */
export async function checkAddress(config: Config, coin: string, address: string): Promise<AddressCheck> {
  const { key } = checkWallet({ coin, address });
  if (!isEvmChain(coin)) {
    return { checked: false, kind: 'unchecked', is_contract: false, warning: null, note: null };
  }
  const chain = EVM_CHAINS[coin].label;
  const exchange = KNOWN_EXCHANGE_WALLETS[key];
  if (exchange) {
    return {
      checked: true,
      kind: 'exchange',
      is_contract: false,
      warning: `This address is ${exchange}, an exchange's hot wallet holding many customers' funds, not your wallet: importing it would add other people's transactions as yours. Add your own wallet's address, or import your exchange account instead.`,
      note: null,
    };
  }
  const options = { chain: coin, apiKey: config.etherscanApiKey, baseURL: config.etherscanBaseUrl };
  let code: string;
  try {
    code = await getCode(options, key);
  } catch (error) {
    const why = error instanceof SourceError ? error.message : String(error);
    return {
      checked: false,
      kind: 'unchecked',
      is_contract: false,
      warning: null,
      note: `Could not check whether this address is a contract: ${why}`,
    };
  }
  if (code === '0x' || /^0x0*$/.test(code)) {
    return { checked: true, kind: 'wallet', is_contract: false, warning: null, note: null };
  }
  const token = await tokenSymbol(options, key);
  if (token !== null) {
    return {
      checked: true,
      kind: 'token',
      is_contract: true,
      warning: `This address is the ${token ? `${token} ` : ''}token contract on ${chain}, not a wallet: importing it would read every transfer of the token, by everyone. Add your own wallet's address instead.`,
      note: null,
    };
  }
  return {
    checked: true,
    kind: 'contract',
    is_contract: true,
    warning: `This address is a smart contract on ${chain}, not an ordinary wallet. If it is your own smart wallet or multisig (a Safe, for example), go on; if it is an app's or a protocol's contract, cancel and add your own wallet's address.`,
    note: null,
  };
}

/** The token's symbol ('' when it has none readable), or null when the contract is no token. */
async function tokenSymbol(options: Parameters<typeof ethCall>[0], address: string): Promise<string | null> {
  try {
    const supply = await ethCall(options, address, TOTAL_SUPPLY);
    if (!/^0x[0-9a-fA-F]{64}$/.test(supply)) return null;
    return abiString(await ethCall(options, address, SYMBOL));
  } catch {
    return null; // a contract that cannot be asked is reported as a contract, with its warning
  }
}
