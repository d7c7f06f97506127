import { Dec } from './decimal.ts';

/**
 * The engine's arithmetic: exact fixed point in bigint. Every amount the engine works with —
 * quantities, money, prices — is a bigint count of 10^-36 units (`PLACES` = 36). One scale for
 * everything keeps the code simple (no unit mix-ups) and exact. Every input with up to 36
 * decimal places is held exactly, and so is the product of two inputs with up to 18 places
 * each (a price × an 18-decimal token quantity). Sums, differences and comparisons are plain
 * bigint operations, hence exact.
 *
 * Only the places the engine has always rounded round here, in the same way as the previous
 * decimal.js engine (40 significant digits, ROUND_HALF_EVEN), including that engine's
 * intermediate rounding to 40 significant digits where it mattered (a unit price derived by
 * a division, then multiplied): `moneyShare`, `qtyShare`, `valueAtUnitPrice`, `mulFixed` give
 * exactly what `a.times(b).div(c).toDecimalPlaces(...)` etc. gave (property-tested against
 * decimal.js in test/fixed.test.ts). The one difference: decimal.js also rounded sums and
 * products beyond 40 significant digits; bigint sums do not, and a product needing more than
 * 36 decimal places is rounded half-even at 36 places. Neither happens with realistic amounts.
 */
export const PLACES = 36;
export const SCALE = 10n ** 36n;
/** decimal.js precision of the previous engine, emulated where it rounded. */
const SIG = 40;

const POW10: bigint[] = [];
for (let i = 0, p = 1n; i <= 200; i++, p *= 10n) POW10.push(p);

export function pow10(n: number): bigint {
  return n <= 200 ? POW10[n]! : 10n ** BigInt(n);
}

const SIG_LIMIT = POW10[SIG]!;
const SIG_FLOOR = POW10[SIG - 1]!;

/** Number of decimal digits of a positive bigint. */
export function digitCount(n: bigint): number {
  if (n >= POW10[200]!) return n.toString().length;
  let lo = 1;
  let hi = 200;
  // Smallest d with n < 10^d.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (n < POW10[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** n / d (d > 0) rounded to an integer: half-even, or toward zero when `down`. */
export function divRound(n: bigint, d: bigint, down = false): bigint {
  const q = n / d;
  if (down) return q;
  const r = n - q * d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice > d || (twice === d && (q & 1n) !== 0n)) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/** A decimal m × 10^exp (the result of emulating one decimal.js operation). */
let outM = 0n;
let outE = 0;

/** m × 10^exp rounded to 40 significant digits (half-even), into outM/outE. */
function roundSig(m: bigint, exp: number): void {
  const abs = m < 0n ? -m : m;
  if (abs < SIG_LIMIT) {
    outM = m;
    outE = exp;
    return;
  }
  const drop = digitCount(abs) - SIG;
  outM = divRound(m, POW10[drop]!);
  outE = exp + drop;
}

/** n / d × 10^exp (d > 0) rounded to 40 significant digits (half-even), into outM/outE. */
function divSig(n: bigint, d: bigint, exp: number): void {
  if (n === 0n) {
    outM = 0n;
    outE = 0;
    return;
  }
  const abs = n < 0n ? -n : n;
  // floor(log10(|n| / d)) is t - 1 or t; aim for a quotient of 40 digits.
  let shift = SIG - (digitCount(abs) - digitCount(d));
  for (;;) {
    const num = shift >= 0 ? abs * pow10(shift) : abs;
    const den = shift >= 0 ? d : d * pow10(-shift);
    const q = num / den;
    if (q >= SIG_LIMIT) {
      shift--;
      continue;
    }
    if (q < SIG_FLOOR) {
      shift++;
      continue;
    }
    const m = divRound(num, den);
    outM = n < 0n ? -m : m;
    outE = exp - shift;
    return;
  }
}

/** outM × 10^outE rounded to `places` decimal places, as a fixed-point value. */
function toPlaces(places: number, down: boolean): bigint {
  const shift = outE + places;
  const k = shift >= 0 ? outM * pow10(shift) : divRound(outM, pow10(-shift), down);
  return k * pow10(PLACES - places);
}

/** Places kept by money divisions (split basis, term-split proceeds, unit price × amount). */
export const MONEY_PLACES = 12;
/** Places kept by quantities scaled by a ratio (a rebrand at a ratio). */
export const QTY_PLACES = 18;

const MONEY_UNIT = pow10(PLACES - MONEY_PLACES);
/** Quotients below 10^30 units of 10^-12 are below 10^18: see `safeRound`. */
const SAFE_QUOTIENT = 10n ** 30n;
const SAFE_MARGIN = 10n ** 8n;

/**
 * n / d rounded half-even to an integer, when that is certainly what the previous engine's
 * two intermediate 40-digit roundings also gave: the quotient is below 10^18 (in money units),
 * so those roundings move it by less than 10^-22, and it is not within 5·10^-9 of a units'
 * half-way point (where such a move could change the final rounding). Null otherwise.
 */
function safeRound(n: bigint, d: bigint): bigint | null {
  const q = n / d;
  if (q >= SAFE_QUOTIENT || -q >= SAFE_QUOTIENT) return null;
  let r = n - q * d;
  if (r < 0n) r = -r;
  let gap = 2n * r - d;
  if (gap < 0n) gap = -gap;
  if (gap * SAFE_MARGIN <= d) return null;
  return 2n * r > d ? (n < 0n ? q - 1n : q + 1n) : q;
}

/**
 * total × part / whole rounded half-even to 12 places (whole > 0): a lot's basis split by
 * quantity, proceeds split between terms. Same as the old
 * `total.times(part).div(whole).toDecimalPlaces(12, ROUND_HALF_EVEN)`.
 */
export function moneyShare(total: bigint, part: bigint, whole: bigint): bigint {
  const product = total * part;
  const fast = safeRound(product, whole * MONEY_UNIT);
  if (fast !== null) return fast * MONEY_UNIT;
  roundSig(product, -2 * PLACES);
  divSig(outM, whole, outE + PLACES);
  return toPlaces(MONEY_PLACES, false);
}

/**
 * qty × newTotal / total rounded down to 18 places (total > 0): quantities of a rebrand at a
 * ratio. Same as `qty.times(newTotal).div(total).toDecimalPlaces(18, ROUND_DOWN)`.
 */
export function qtyShare(qty: bigint, newTotal: bigint, total: bigint): bigint {
  roundSig(qty * newTotal, -2 * PLACES);
  divSig(outM, total, outE + PLACES);
  return toPlaces(QTY_PLACES, true);
}

/**
 * The value of `qty` units at the unit price `total / amount`, rounded half-even to 12 places
 * (amount > 0). Same as `total.div(amount).times(qty).toDecimalPlaces(12, ROUND_HALF_EVEN)`.
 */
export function valueAtUnitPrice(total: bigint, amount: bigint, qty: bigint): bigint {
  const fast = safeRound(total * qty, amount * MONEY_UNIT);
  if (fast !== null) return fast * MONEY_UNIT;
  divSig(total, amount, 0);
  roundSig(outM * qty, outE - PLACES);
  return toPlaces(MONEY_PLACES, false);
}

/** a × b (a price times an amount). Same as `a.times(b)`, then cut to 36 places (half-even). */
export function mulFixed(a: bigint, b: bigint): bigint {
  roundSig(a * b, -2 * PLACES);
  return toPlaces(PLACES, false);
}

/** a × b rounded half-even to 12 places. Same as `a.times(b).toDecimalPlaces(12, ROUND_HALF_EVEN)`. */
export function mulMoney(a: bigint, b: bigint): bigint {
  roundSig(a * b, -2 * PLACES);
  return toPlaces(MONEY_PLACES, false);
}

/** value rounded half-even to 12 places. */
export function roundMoney(value: bigint): bigint {
  return divRound(value, MONEY_UNIT) * MONEY_UNIT;
}

/**
 * Parses validated decimal text (optional sign, digits, point, exponent) to fixed point.
 * Plain decimals take a fast path; more than 36 places round half-even; exponents go through
 * decimal.js once (rare in real exports).
 */
export function parseFixed(text: string): bigint {
  let start = 0;
  let negative = false;
  const first = text.charCodeAt(0);
  if (first === 45 /* - */) {
    negative = true;
    start = 1;
  } else if (first === 43 /* + */) start = 1;
  let value: bigint;
  if (text.indexOf('e') >= 0 || text.indexOf('E') >= 0) {
    value = parsePlain(new Dec(text.slice(start)).toFixed(PLACES, Dec.ROUND_HALF_EVEN), 0);
  } else value = parsePlain(text, start);
  return negative ? -value : value;
}

function parsePlain(text: string, start: number): bigint {
  const short = parseShort(text, start);
  if (short !== null) return short;
  const dot = text.indexOf('.', start);
  if (dot < 0) return BigInt(start === 0 ? text : text.slice(start)) * SCALE;
  const whole = text.slice(start, dot);
  const places = text.length - dot - 1;
  if (places <= PLACES) {
    const digits = whole + text.slice(dot + 1);
    return digits === '' ? 0n : BigInt(digits) * POW10[PLACES - places]!;
  }
  // More places than kept: round half-even on the rest.
  const kept = BigInt(`${whole}${text.slice(dot + 1, dot + 1 + PLACES)}` || '0');
  const rest = text.slice(dot + 1 + PLACES);
  const head = rest.charCodeAt(0) - 48;
  const beyond = /[1-9]/.test(rest.slice(1));
  if (head > 5 || (head === 5 && (beyond || (kept & 1n) === 1n))) return kept + 1n;
  return kept;
}

/**
 * Plain digits with an optional point and at most 15 digits in all (most amounts): their
 * integer in a double (exact below 2^53) times a power of ten, no string slicing. Null otherwise.
 */
function parseShort(text: string, start: number): bigint | null {
  const length = text.length;
  if (length - start > 16) return null;
  let value = 0;
  let digits = 0;
  let dot = -1;
  for (let i = start; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === 46 && dot < 0) dot = i;
    else if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      digits++;
    } else return null;
  }
  if (digits === 0 || digits > 15) return null;
  const places = dot < 0 ? 0 : length - dot - 1;
  return BigInt(value) * POW10[PLACES - places]!;
}

const ZEROS = Array.from({ length: PLACES + 1 }, (_, count) => '0'.repeat(count));
/** V8 keeps a concatenation of 13 characters or more as a rope (see `fixedString`). */
const ROPE_LENGTH = 13;

/**
 * Plain decimal notation, no exponent, no trailing zeros ("0" for zero, never "-0"). Longer
 * texts are joined from an array, not concatenated: join gives one flat string where
 * `${whole}.${fraction}` leaves a rope of three, kept in every audit line (half the memory
 * of those strings, and less for the garbage collector to copy).
 */
export function fixedString(value: bigint): string {
  if (value === 0n) return '0';
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString();
  let end = digits.length;
  while (digits.charCodeAt(end - 1) === 48) end--;
  const wholeLength = digits.length - PLACES;
  const sign = negative ? '-' : '';
  if (wholeLength <= 0) {
    const zeros = ZEROS[-wholeLength]!;
    const fraction = digits.slice(0, end);
    if (sign.length + 2 + zeros.length + end < ROPE_LENGTH) return `${sign}0.${zeros}${fraction}`;
    return [sign, '0.', zeros, fraction].join('');
  }
  if (end <= wholeLength) {
    const whole = digits.slice(0, wholeLength);
    return negative ? `-${whole}` : whole;
  }
  const whole = digits.slice(0, wholeLength);
  const fraction = digits.slice(wholeLength, end);
  if (sign.length + end + 1 < ROPE_LENGTH) return `${sign}${whole}.${fraction}`;
  return [sign, whole, '.', fraction].join('');
}

/**
 * True when `text` is exactly what fixedString prints for its value, so it can stand for it:
 * unsigned digits without leading zeros, and at most 36 places without trailing zeros.
 */
export function isFixedText(text: string): boolean {
  const length = text.length;
  let i = 0;
  if (text.charCodeAt(0) === 48) {
    if (length === 1) return true;
    i = 1;
  } else {
    while (i < length && isDigit(text.charCodeAt(i))) i++;
    if (i === 0) return false;
    if (i === length) return true;
  }
  const places = length - i - 1;
  if (text.charCodeAt(i) !== 46 || places < 1 || places > PLACES) return false;
  for (let j = i + 1; j < length; j++) if (!isDigit(text.charCodeAt(j))) return false;
  return text.charCodeAt(length - 1) !== 48;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

export function fixedMin(a: bigint, b: bigint): bigint {
  return a <= b ? a : b;
}

/** Fixed point from a Dec (edges only: tests, checks). */
export function fixedOfDec(value: Dec): bigint {
  return parseFixed(value.toFixed());
}
