import { isFiatCode } from '@lotwise/contracts/transactions/fiat';
import { joinParts, parseDecimal, roundParts } from './decimal-string';

const EMPTY = '—';

/** Crypto amounts: at most 8 decimals, trailing zeros removed (spec 01 §5, 02 §5). */
export function formatCrypto(value: string | number | null | undefined, maxDecimals = 8): string {
  const parts = parseDecimal(value);
  if (!parts) return EMPTY;
  const rounded = roundParts(parts, maxDecimals);
  return joinParts({ ...rounded, frac: rounded.frac.replace(/0+$/, '') }, true);
}

/** Fiat amounts: exactly 2 decimals with thousands separators. */
export function formatFiat(value: string | number | null | undefined): string {
  const parts = parseDecimal(value);
  if (!parts) return EMPTY;
  return joinParts(roundParts(parts, 2), true);
}

/** An amount of a currency or coin: fiat to 2 decimals (spec 01 §5), crypto to at most 8. */
export function formatAmount(
  value: string | number | null | undefined,
  currency: string | null | undefined,
): string {
  return isFiatCode(currency) ? formatFiat(value) : formatCrypto(value);
}

/** The currency-code suffix is shown only for AUD and CAD. */
export function currencySuffix(code: string | null | undefined): string {
  const upper = (code ?? '').toUpperCase();
  return upper === 'AUD' || upper === 'CAD' ? ` ${upper}` : '';
}

const SYMBOLS: Record<string, string> = {
  USD: '$',
  AUD: '$',
  CAD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  INR: '₹',
};

/** A fiat money value as shown in the app: symbol, 2 decimals, and the AUD/CAD suffix. */
export function formatMoney(value: string | number | null | undefined, currency = 'USD'): string {
  const text = formatFiat(value);
  if (text === EMPTY) return EMPTY;
  const code = currency.toUpperCase();
  const symbol = SYMBOLS[code];
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const withSymbol = symbol ? `${symbol}${body}` : `${body} ${code}`;
  const suffix = symbol ? currencySuffix(code) : '';
  return `${negative ? '-' : ''}${withSymbol}${suffix}`;
}
