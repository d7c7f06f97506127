/** Shortening rules for names, e-mails, addresses and codes (spec 01 §5, 02 §3 and §5). */

/** Long e-mail: when the local part exceeds 17 characters, its first 7 characters plus an ellipsis. */
export function shortenEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const local = email.slice(0, at);
  if (local.length <= 17) return email;
  return `${local.slice(0, 7)}...${email.slice(at)}`;
}

/**
 * Long CSV names (over 20 characters before the extension): first 10 plus last 7 on desktop,
 * first 5 plus last 4 on mobile; the extension is kept.
 */
export function shortenFileName(name: string, mobile = false): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  if (base.length <= 20) return name;
  const [head, tail] = mobile ? [5, 4] : [10, 7];
  return `${base.slice(0, head)}...${base.slice(base.length - tail)}${ext}`;
}

/** Exchange file names in filters: first 5 and last 4 characters. */
export function abbreviateExchangeFile(name: string): string {
  if (name.length <= 12) return name;
  return `${name.slice(0, 5)}...${name.slice(name.length - 4)}`;
}

const CHAIN_NAMES: Record<string, string> = {
  btc: 'Bitcoin',
  eth: 'Ethereum',
  bsc: 'BNB Chain',
  matic: 'Polygon',
  sol: 'Solana',
  avax: 'Avalanche',
  ftm: 'Fantom',
  arb: 'Arbitrum',
  op: 'Optimism',
  bch: 'Bitcoin Cash',
  base: 'Base',
  etc: 'Ethereum Classic',
  ltc: 'Litecoin',
  xrp: 'XRP',
  algo: 'Algorand',
  xlm: 'Stellar',
  ada: 'Cardano',
  trx: 'Tron',
  dash: 'Dash',
  doge: 'Dogecoin',
  dot: 'Polkadot',
  blast: 'Blast',
};

/** Wallet address 'chain:address' → chain name plus the first 5 and last 4 characters. */
export function shortenWalletAddress(value: string): string {
  const colon = value.indexOf(':');
  const chain = colon > 0 ? value.slice(0, colon) : '';
  const address = colon > 0 ? value.slice(colon + 1) : value;
  const short =
    address.length > 9 ? `${address.slice(0, 5)}...${address.slice(address.length - 4)}` : address;
  if (!chain) return short;
  const name = CHAIN_NAMES[chain.toLowerCase()] ?? chain.toUpperCase();
  return `${name} ${short}`;
}

/** Addresses in tooltip titles shorten to 7 characters. */
export function shortenTooltipAddress(address: string): string {
  return address.length > 7 ? `${address.slice(0, 7)}...` : address;
}

/** Currency codes of 15 or more characters: first 10, '...', last 3. */
export function shortenCurrencyCode(code: string): string {
  if (code.length < 15) return code;
  return `${code.slice(0, 10)}...${code.slice(code.length - 3)}`;
}
