/**
 * Exact formatting of decimal strings (amounts are never turned into JS floats).
 * Parses '-1234.5', '.5', '1e-9', '12.3400' into sign, integer digits and fraction digits.
 */
export interface DecimalParts {
  negative: boolean;
  int: string;
  frac: string;
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

export function parseDecimal(input: string | number | null | undefined): DecimalParts | null {
  if (input === null || input === undefined) return null;
  const text = String(input).trim().replace(/,/g, '');
  const match = DECIMAL.exec(text);
  if (!match) return null;
  let int = match[2] ?? '';
  let frac = match[3] ?? '';
  if (int === '' && frac === '') return null;
  const exponent = match[4] ? Number.parseInt(match[4], 10) : 0;
  if (exponent > 0) {
    const moved = frac.padEnd(exponent, '0');
    int += moved.slice(0, exponent);
    frac = moved.slice(exponent);
  } else if (exponent < 0) {
    const shift = -exponent;
    const padded = int.padStart(shift, '0');
    frac = padded.slice(padded.length - shift) + frac;
    int = padded.slice(0, padded.length - shift);
  }
  int = int.replace(/^0+(?=\d)/, '') || '0';
  const isZero = /^0*$/.test(int) && /^0*$/.test(frac);
  return { negative: match[1] === '-' && !isZero, int, frac };
}

/** Adds one to a string of digits ('199' → '200', '99' → '100'). */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] === '9') {
      chars[i] = '0';
    } else {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join('');
    }
  }
  return `1${chars.join('')}`;
}

/** Rounds half away from zero to `places` fraction digits. */
export function roundParts(parts: DecimalParts, places: number): DecimalParts {
  if (parts.frac.length <= places) return { ...parts, frac: parts.frac.padEnd(places, '0') };
  const kept = parts.frac.slice(0, places);
  const roundUp = parts.frac.charCodeAt(places) - 48 >= 5;
  if (!roundUp) return zeroSafe({ ...parts, frac: kept });
  const combined = incrementDigits(parts.int + kept);
  const int = combined.slice(0, combined.length - places) || '0';
  const frac = places > 0 ? combined.slice(combined.length - places) : '';
  return zeroSafe({ negative: parts.negative, int, frac });
}

function zeroSafe(parts: DecimalParts): DecimalParts {
  const isZero = /^0*$/.test(parts.int) && /^0*$/.test(parts.frac);
  return isZero ? { ...parts, negative: false } : parts;
}

export function groupThousands(int: string, separator = ','): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

export function joinParts(parts: DecimalParts, thousands: boolean): string {
  const int = thousands ? groupThousands(parts.int) : parts.int;
  const body = parts.frac ? `${int}.${parts.frac}` : int;
  return parts.negative ? `-${body}` : body;
}
