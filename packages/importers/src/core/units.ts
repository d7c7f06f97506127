import { DIGIT_LEADING_ASSETS } from './assets.ts';
import { AmountError, type AmountOptions, type Decimal, parseAmount } from './decimal.ts';

/**
 * Values with the unit inside the cell (`0.02000000BTC`, `"1,000,000SHIB"`, `1.00000000 ETH`,
 * `(0.5 ETH)`). Candidate assets (the pair's base and quote, known digit-leading tickers) are
 * tried first, longest first, so `100.000000001INCH` is 100.00000000 of 1INCH (§1.2).
 */
export function splitUnit(
  raw: string,
  candidates: string[] = [],
  options: AmountOptions = {},
): { amount: Decimal; asset: string } | null {
  let s = raw.trim();
  if (s === '' || s === '-' || s === '--') return null;
  let wrap = '';
  if (s.startsWith('(') && s.endsWith(')')) {
    wrap = '()';
    s = s.slice(1, -1).trim();
  }
  const upper = s.toUpperCase();
  const all = [...new Set([...candidates.map((c) => c.toUpperCase()), ...DIGIT_LEADING_ASSETS])].sort(
    (a, b) => b.length - a.length,
  );
  for (const c of all) {
    if (!upper.endsWith(c)) continue;
    const num = s.slice(0, s.length - c.length).trim();
    if (!/\d$|\.$/.test(num)) continue;
    try {
      const amount = parseAmount(wrap ? `(${num})` : num, options);
      if (amount !== null) return { amount, asset: c };
    } catch {
      // not this candidate
    }
  }
  const m = s.match(/^(.*?\d\.?)\s*([A-Za-z][A-Za-z0-9.]*)$/);
  if (!m) throw new AmountError(`"${raw.trim()}" is not an amount with a currency (e.g. "0.5 BTC")`);
  const amount = parseAmount(wrap ? `(${m[1]})` : (m[1] as string), options);
  if (amount === null) throw new AmountError(`"${raw.trim()}" has no amount`);
  return { amount, asset: (m[2] as string).toUpperCase() };
}
