/**
 * Fiat currencies never form lots (no currency gains are computed); a fiat leg is a value.
 * Stablecoins (USDT, USDC, DAI, ...) are crypto, as EXCHANGE_FORMATS.md §2 says.
 */
const FIAT = new Set(
  (
    'USD EUR GBP CAD AUD CHF JPY SGD NZD HKD SEK NOK DKK PLN CZK HUF RON BGN TRY ZAR BRL MXN ARS CLP ' +
    'COP PEN INR IDR MYR PHP THB VND KRW CNY TWD ILS AED SAR QAR KWD BHD NGN KES GHS UAH RUB ISK EGP ' +
    'PKR BDT LKR MAD'
  ).split(' '),
);

export function isFiat(asset: string): boolean {
  return FIAT.has(asset);
}

const ASSET_CODE = /^[A-Za-z0-9][A-Za-z0-9._\-:/$+]{0,63}$/;

/** A usable asset code: letters/digits plus a few separators seen in real exports. */
const seen = new Set<string>();

export function isWellFormedAsset(asset: unknown): asset is string {
  if (typeof asset !== 'string') return false;
  if (seen.has(asset)) return true;
  if (!ASSET_CODE.test(asset)) return false;
  if (seen.size < 100_000) seen.add(asset);
  return true;
}
