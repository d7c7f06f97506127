import { z } from 'zod';

/** The largest id a record can have (PostgreSQL's `integer`, which most tables' ids are). */
export const MAX_RECORD_ID = 2_147_483_647;

/** An id as a path, query or form field writes it: digits only, without a sign or a leading zero. */
const CANONICAL_ID = /^[1-9][0-9]*$/;

const notAnId = (least: 0 | 1) =>
  `must be a record’s id: a whole number from ${least}, in digits only (12, not 012, 12.0, +12 or 0xC)`;

/**
 * An id in a path, query or body, from `least` (1, or 0 where 0 means "none yet") to
 * MAX_RECORD_ID: a JSON number, or text that is the number's own digits. Anything else is a
 * 400, never read as some number: `0x1`, `1e0`, `1.0`, `01`, `+1` and `1 ` were all read as 1
 * (a coercion through Number()), so another spelling of one id reached that record. A larger one
 * names no record; before the maximum PostgreSQL refused it in the query and the call answered 500.
 */
export function idNumber(least: 0 | 1, tooLarge = 'is not the id of any record') {
  const message = notAnId(least);
  // 20 characters hold every id and more (a longer text names none): each text a call reads is bounded.
  return z.union([z.number(), z.string().max(20)], { error: message }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v === '0' || CANONICAL_ID.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < least) {
      ctx.addIssue({ code: 'custom', message, input: v });
      return z.NEVER;
    }
    if (n > MAX_RECORD_ID) {
      ctx.addIssue({ code: 'custom', message: tooLarge, input: v });
      return z.NEVER;
    }
    return n;
  });
}

/** A record's id: 1 to MAX_RECORD_ID (see idNumber). */
export const recordId = idNumber(1);

/** A whole number as a path or query writes it: its own digits, no sign, point or leading zero. */
const CANONICAL_WHOLE = /^(0|[1-9][0-9]*)$/;

/**
 * A whole number from `least` to `most` in a path, query or body (a year, a page, a page size):
 * a JSON number, or text that is the number's own digits. `0x7e9`, `2.025e3`, `02025` and
 * `+2025` are a 400, not 2025 (`z.coerce.number()` read them all through Number()). `tooSmall`
 * replaces the message for a number below `least` (a form that does not exist before a year).
 */
export function wholeNumber(least: number, most: number, tooSmall?: string) {
  const message = `must be a whole number from ${least} to ${most}, in digits only (2025, not 02025, 2025.0, +2025 or 0x7e9)`;
  // 16 characters hold every safe integer; a longer text is no number this reads.
  return z.union([z.number(), z.string().max(16)], { error: message }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : CANONICAL_WHOLE.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n > most || (n < least && tooSmall === undefined)) {
      ctx.addIssue({ code: 'custom', message, input: v });
      return z.NEVER;
    }
    if (n < least) {
      ctx.addIssue({ code: 'custom', message: tooSmall ?? message, input: v });
      return z.NEVER;
    }
    return n;
  });
}

/** A page number (1 on): the largest is PostgreSQL's integer, so an offset never overflows a query. */
export const pageNumber = wholeNumber(1, MAX_RECORD_ID);
