import { splitPair } from '../core/assets.ts';

/** Kraken asset codes → plain tickers (§2 asset normalisation). */
const CODES: Record<string, string> = {
  XXBT: 'BTC',
  XBT: 'BTC',
  XETH: 'ETH',
  XXDG: 'DOGE',
  XDG: 'DOGE',
  XLTC: 'LTC',
  XXRP: 'XRP',
  XXLM: 'XLM',
  XXMR: 'XMR',
  XZEC: 'ZEC',
  XETC: 'ETC',
  XREP: 'REP',
  XMLN: 'MLN',
  XXTZ: 'XTZ',
  ZEUR: 'EUR',
  ZUSD: 'USD',
  ZGBP: 'GBP',
  ZCAD: 'CAD',
  ZJPY: 'JPY',
  ZAUD: 'AUD',
  ZCHF: 'CHF',
};

/** Strip staking/earn suffixes (`DOT.S`, `ETH2.S`, `XBT.M`, `ADA.P`, `USDC.HOLD`, `DOT21.S`) and map codes. */
export function krakenAsset(raw: string): string {
  const code = raw.trim().toUpperCase();
  const bare = code.replace(/(\d{2})?\.(S|M|P|B|F|HOLD)$/, '');
  return CODES[bare] ?? bare;
}

const QUOTES = [
  'PYUSD',
  'USDT',
  'USDC',
  'ZEUR',
  'ZUSD',
  'ZGBP',
  'ZCAD',
  'ZJPY',
  'EUR',
  'USD',
  'GBP',
  'CAD',
  'JPY',
  'AUD',
  'CHF',
  'XBT',
  'ETH',
  'DOT',
  'SOL',
  'DAI',
];

/** `XXBTZEUR` (two 4-letter codes), `ETH/BTC`, `DOTEUR`, `TRXXBT` → [base, quote] tickers. */
export function krakenPair(pair: string): [string, string] | null {
  const p = pair.trim().toUpperCase();
  const legacy = p.match(/^([XZ][A-Z]{3})([XZ][A-Z]{3})$/);
  if (legacy && CODES[legacy[1] as string] && CODES[legacy[2] as string]) {
    return [krakenAsset(legacy[1] as string), krakenAsset(legacy[2] as string)];
  }
  const split = splitPair(p, QUOTES);
  return split ? [krakenAsset(split[0]), krakenAsset(split[1])] : null;
}
