import { feeOf, money, tx } from '../core/records.ts';
import type { Row } from '../core/row.ts';
import { TimeError, toIso } from '../core/time.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * Early Trezor Suite export (§7.5): `Date & Time;Type;Transaction ID;Addresses;Fee;Total`.
 * The asset is only in the file name, so BTC is assumed; the date is in the browser's US locale
 * (`1/25/2022, 2:58:40 AM`, local time, read as UTC). `Total` of a SENT row includes the fee.
 */
const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))? ?([AP]M)$/i;

function usTime(row: Row): string {
  const raw = row.req('Date & Time');
  const m = raw.match(DATE);
  if (!m) throw row.problem('Date & Time', `"${raw}" is not a date like "1/25/2022, 2:58:40 AM"`);
  let h = Number(m[4]) % 12;
  if ((m[7] as string).toUpperCase() === 'PM') h += 12;
  try {
    const parts = {
      y: Number(m[3]),
      mo: Number(m[1]),
      d: Number(m[2]),
      h,
      mi: Number(m[5]),
      s: Number(m[6] ?? 0),
    };
    return toIso({ ...parts, offset: 0 }, 0, raw);
  } catch (e) {
    if (e instanceof TimeError) throw row.problem('Date & Time', e.message);
    throw e;
  }
}

export const trezorsuiteLegacy: FormatDefinition = {
  id: 'trezorsuite-legacy',
  label: 'Trezor Suite transactions (early Suite, BTC)',
  detect: (cells) => cells[0] === 'Date & Time' && cells.includes('Transaction ID'),
  required: ['Date & Time', 'Type', 'Transaction ID', 'Fee', 'Total'],
  create: (_h, ctx) => ({
    row(row) {
      const type = row.req('Type').toUpperCase();
      const total = row.reqAmount('Total').abs();
      const fee = row.amount('Fee')?.abs() ?? null;
      const base = {
        timestamp: usTime(row),
        lines: [row.line],
        tx_hash: row.opt('Transaction ID'),
        to_address: row.opt('Addresses'),
      };
      if (type === 'RECV') return ctx.emit(tx({ ...base, kind: 'deposit', received: money('BTC', total) }));
      if (type === 'SENT') {
        const sent = fee ? total.minus(fee) : total;
        if (sent.isNegative()) throw row.problem('Fee', 'fee is larger than the total');
        return ctx.emit(
          tx({ ...base, kind: 'withdrawal', sent: money('BTC', sent), fee: feeOf('BTC', fee) }),
        );
      }
      if (type === 'SELF' || type === 'FAILED') {
        const f = feeOf('BTC', fee);
        if (!f) return ctx.skip(base.lines, `${type} transaction without a fee`);
        return ctx.emit(
          tx({ ...base, kind: 'fee', subtype: type === 'SELF' ? 'self transfer' : 'failed', fee: f }),
        );
      }
      throw row.problem('Type', `unknown Trezor Suite transaction type "${type}"`);
    },
  }),
};
