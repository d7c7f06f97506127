import type { NormalisedTransaction } from '@lotwise/contracts/normalised';
import { AMOUNT_LIMITS } from './decimal.ts';

/**
 * What a normalised record may hold so that every store takes it unchanged (issue 29): the
 * server's columns are `varchar(n)` (PostgreSQL refuses a longer value and failed the whole
 * import; SQLite kept it). A record beyond these is a row error naming the field, never
 * truncated. (NUL characters, which PostgreSQL text cannot hold, are dropped by the server's
 * staging, issue 29.11.)
 */
export const FIELD_LIMITS = {
  asset: 64,
  /** A fiat value's currency: an ISO code (USD), at most 8 letters or digits. */
  currency: 8,
  subtype: 40,
  label: 64,
  external_id: 200,
  tx_hash: 200,
  from_address: 200,
  to_address: 200,
  token_contract: 200,
} as const;

const CURRENCY = /^[A-Z0-9]{1,8}$/;

/**
 * An asset code the engine can use: the engine's ASSET_CODE (packages/engine/src/assets.ts;
 * limits.test.ts holds the two together). A code outside it (`@SUM`, `=1+1`, ` BTC`) was
 * imported "complete" and then skipped by every calculation, its sales and income missing from
 * the reports; it is a row error here instead.
 */
export const ASSET_CODE = /^[A-Za-z0-9][A-Za-z0-9._\-:/$+]{0,63}$/;

/**
 * Asset codes already found storable: a file names a few dozen codes a million times, and the
 * checks above ran a regular expression (and a replace) on every leg. Bounded.
 */
const goodAssets = new Set<string>();

/** The optional text fields whose length is bounded, in the order they are checked. */
const LIMITED_TEXTS = [
  'subtype',
  'label',
  'external_id',
  'tx_hash',
  'from_address',
  'to_address',
  'token_contract',
] as const;

/**
 * Why `tx` cannot be stored as it is, or null. Runs once per row of every file (a million
 * times for a million rows): no arrays built per call.
 */
export function unstorable(tx: NormalisedTransaction): string | null {
  const legProblem =
    unstorableLeg('sent', tx.sent) ?? unstorableLeg('received', tx.received) ?? unstorableLeg('fee', tx.fee);
  if (legProblem !== null) return legProblem;
  if (tx.fiat_value && !withinLimits(tx.fiat_value.amount)) {
    return `fiat value ${shown(tx.fiat_value.amount)} is out of range`;
  }
  if (tx.fiat_value && !CURRENCY.test(tx.fiat_value.currency)) {
    return `"${shown(tx.fiat_value.currency)}" is not a currency code (at most 8 letters or digits, like USD)`;
  }
  for (let i = 0; i < LIMITED_TEXTS.length; i++) {
    const name = LIMITED_TEXTS[i]!;
    const value = tx[name];
    if (value === null || value === undefined) continue;
    if (value.length > FIELD_LIMITS[name]) return `${name} is longer than ${FIELD_LIMITS[name]} characters`;
  }
  return null;
}

function unstorableLeg(name: string, leg: NormalisedTransaction['sent']): string | null {
  if (!leg) return null;
  if (!withinLimits(leg.amount)) return `${name} amount ${shown(leg.amount)} is out of range`;
  if (goodAssets.has(leg.asset)) return null;
  if (leg.asset.length > FIELD_LIMITS.asset)
    return `${name} asset is longer than ${FIELD_LIMITS.asset} characters`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NULs are the server staging's to drop (issue 29.11).
  if (!ASSET_CODE.test(leg.asset.replace(/\u0000/g, '')))
    return `${name} asset "${shown(leg.asset)}" is not an asset code (a letter or digit first, then letters, digits or . _ - : / $ +)`;
  if (goodAssets.size >= 10_000) goodAssets.clear();
  goodAssets.add(leg.asset);
  return null;
}

/**
 * A computed amount (a quantity times a price from the Notes, raw units over 10^decimals) stays
 * within the bounds a cell has (AMOUNT_LIMITS), or the row is refused.
 */
function withinLimits(amount: string): boolean {
  const dot = amount.indexOf('.');
  const whole = dot === -1 ? amount.length : dot;
  return (
    whole <= AMOUNT_LIMITS.integerDigits &&
    (dot === -1 || amount.length - dot - 1 <= AMOUNT_LIMITS.fractionDigits)
  );
}

function shown(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are shown as '?'.
  const visible = value.replace(/[\u0000-\u001f\u007f]/g, '?');
  return visible.length > 24 ? `${visible.slice(0, 21)}...` : visible;
}
