/**
 * Fiat currency codes (spec 02 §3, about 160: current ISO 4217 codes plus a few recently
 * replaced ones that old exports still carry). A fiat leg is a value, not a holding.
 * Stablecoins are crypto.
 */
export const FIAT_CODES: readonly string[] = (
  'USD EUR GBP JPY CAD AUD CHF CNY HKD NZD SEK NOK DKK SGD KRW INR IDR MYR PHP THB VND TWD ILS AED ' +
  'SAR QAR KWD BHD OMR JOD NGN KES GHS UGX TZS ZAR EGP MAD TND DZD XOF XAF ETB RWF ZMW BWP NAD MUR ' +
  'SCR MGA MZN AOA CDF GMD LRD SLL SOS SDG BRL MXN ARS CLP COP PEN UYU PYG BOB VES CRC GTQ HNL NIO ' +
  'PAB DOP JMD TTD BBD BSD BZD HTG XCD CUP KYD AWG ANG SRD GYD PLN CZK HUF RON BGN HRK RSD MKD ALL ' +
  'BAM MDL UAH BYN RUB GEL AMD AZN KZT UZS KGS TJS TMT TRY ISK IRR IQD SYP LBP YER AFN PKR BDT LKR ' +
  'NPR BTN MVR MMK KHR LAK MNT BND MOP PGK FJD SBD TOP VUV WST XPF KPW LYD MRU CVE KMF DJF ERN SZL ' +
  'LSL MWK STN SHP FKP GIP BIF GNF SSP ZWL CUC SLE VED VEF MRO STD'
).split(' ');

const FIAT_SET = new Set(FIAT_CODES);

export function isFiatCode(code: string | null | undefined): boolean {
  return code != null && FIAT_SET.has(code.toUpperCase());
}
