/**
 * Stablecoins valued at their peg when no price table or provider prices them. On by default
 * for the major USD stablecoins; the value then says "USD peg" (source `peg`), never passes
 * for a market price. `PRICE_PEGS` changes the list ("USDT,USDC", "EURC:EUR") or turns it off ("none").
 */
export const DEFAULT_PEGS = 'USDT,USDC,DAI,BUSD,TUSD,USDP,GUSD,PYUSD,FDUSD,USDS,USDE';

/** "USDT,USDC,EURC:EUR" → USDT→USD, USDC→USD, EURC→EUR; "none" or "" → no pegs. */
export function parsePegs(text: string | undefined = DEFAULT_PEGS): Map<string, string> {
  const out = new Map<string, string>();
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'none' || trimmed.toLowerCase() === 'off') return out;
  for (const part of trimmed.split(',')) {
    const [asset, fiat] = part.trim().toUpperCase().split(':');
    if (asset) out.set(asset, fiat || 'USD');
  }
  return out;
}
