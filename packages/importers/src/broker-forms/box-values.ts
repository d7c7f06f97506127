import { AmountError, dec, isPlaceholder, parseAmount } from '../core/decimal.ts';

/**
 * Cell readers for the boxes of a 1099-DA line. Each returns the box's value or throws a
 * BoxProblem saying what is wrong with the cell; the parser adds the line and the column.
 */
export class BoxProblem extends Error {}

const empty = (raw: string) => isPlaceholder(raw);
const EXPONENT = /\d\s*[eE]\s*[+-]?\d/;

/** A non-negative amount as a canonical decimal string; null when blank. */
export function amountBox(raw: string): string | null {
  if (empty(raw)) return null;
  // The form prints its figures out in digits; an exponent is a spreadsheet's rewrite (1e3 for
  // 1000) that the typed form refuses too, never read as the number it might be.
  if (EXPONENT.test(raw))
    throw new BoxProblem(
      `"${raw.trim()}" is written with an exponent; write the amount out in digits, such as 1000 or 0.00000001`,
    );
  let value: ReturnType<typeof parseAmount>;
  try {
    value = parseAmount(raw);
  } catch (e) {
    if (e instanceof AmountError) throw new BoxProblem(e.message);
    throw e;
  }
  if (value === null) return null;
  if (value.isNegative() && !value.isZero())
    throw new BoxProblem(`"${raw.trim()}" is negative; a 1099-DA amount is never below 0`);
  return dec(value.abs());
}

const ISO_DAY =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}| UTC)?)?$/;
const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A calendar day as YYYY-MM-DD from YYYY-MM-DD (a time after it is ignored) or M/D/YYYY. */
export function dayBox(raw: string): string | null {
  const s = raw.trim();
  if (empty(s)) return null;
  let y: number;
  let m: number;
  let d: number;
  const iso = ISO_DAY.exec(s);
  const us = iso ? null : US_DAY.exec(s);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else throw new BoxProblem(`"${s}" is not a date (YYYY-MM-DD or MM/DD/YYYY)`);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 2000)
    throw new BoxProblem(`"${s}" is not a calendar day`);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Box 1d: a day, VARIOUS, or blank. */
export function acquiredBox(raw: string): string | null {
  return /^various$/i.test(raw.trim()) ? 'VARIOUS' : dayBox(raw);
}

const YES = /^(true|yes|y|x|1|checked|\[x\]|✓|✔)$/i;
const NO = /^(false|no|n|0|unchecked|\[ \])$/i;

/** A checkbox: TRUE/FALSE, Yes/No, X, 1/0, or the literal the form prints in it (`marks`). */
export function checkBox(raw: string, marks: readonly string[] = []): boolean {
  const s = raw.trim();
  if (empty(s) || NO.test(s)) return false;
  if (YES.test(s) || marks.some((m) => m.toLowerCase() === s.toLowerCase())) return true;
  const also = marks.length > 0 ? `, ${marks.join(', ')}` : '';
  throw new BoxProblem(`"${s}" is not a checkbox value (TRUE/FALSE, Yes/No, X${also})`);
}

/** Box 3a: Gross or Net. */
export function proceedsTypeBox(raw: string): 'gross' | 'net' | null {
  const s = raw.trim();
  if (empty(s)) return null;
  if (/^gross( proceeds)?$/i.test(s)) return 'gross';
  if (/^net( proceeds)?$/i.test(s)) return 'net';
  throw new BoxProblem(`"${s}" is neither Gross nor Net`);
}

/** Box 6: S/L/O, Short-term, Long-term, Ordinary, SHORT, LONG. */
export function termBox(raw: string): 'short' | 'long' | 'ordinary' | null {
  const s = raw.trim();
  if (empty(s)) return null;
  if (/^(s|short|short[- ]term)$/i.test(s)) return 'short';
  if (/^(l|long|long[- ]term)$/i.test(s)) return 'long';
  if (/^(o|ordinary)$/i.test(s)) return 'ordinary';
  throw new BoxProblem(`"${s}" is not Short-term, Long-term or Ordinary`);
}

/** The applicable checkbox on Form 8949: G, H, J, K or Y ("Box G" too). */
export function checkboxLetter(raw: string): 'G' | 'H' | 'J' | 'K' | 'Y' | null {
  const s = raw.trim().replace(/^box\s*/i, '');
  if (empty(s)) return null;
  const letter = s.toUpperCase();
  if (letter === 'G' || letter === 'H' || letter === 'J' || letter === 'K' || letter === 'Y') return letter;
  throw new BoxProblem(`"${raw.trim()}" is not a Form 8949 checkbox code (G, H, J, K or Y)`);
}

/** Box 11a/11b as one value: QS (qualifying stablecoins), NFT (specified NFTs), or blank. */
export function aggregateBox(raw: string): 'stablecoin' | 'nft' | null {
  const s = raw.trim();
  if (empty(s) || NO.test(s)) return null;
  if (/^(qs|stablecoins?|qualifying stablecoins?)$/i.test(s)) return 'stablecoin';
  if (/^(nft|nfts|specified nfts?)$/i.test(s)) return 'nft';
  throw new BoxProblem(`"${s}" is neither QS (qualifying stablecoins) nor NFT (specified NFTs)`);
}

/** Box 11c: a whole number of transactions. */
export function countBox(raw: string): number | null {
  const s = raw.trim().replace(/,/g, '');
  if (empty(s)) return null;
  if (!/^\d{1,9}$/.test(s) || Number(s) < 1)
    throw new BoxProblem(`"${raw.trim()}" is not a number of transactions`);
  return Number(s);
}
