import { money, tx } from '../core/records.ts';
import type { Row } from '../core/row.ts';
import { TimeError, toIso } from '../core/time.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * Exodus "Export all transactions" (§7.6). OUT and FEE amounts are negative and the fee is not
 * part of OUTAMOUNT. Dates are JavaScript `Date.toString()` strings with a GMT offset, or ISO.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const JS_DATE = /^\w{3} (\w{3}) (\d{1,2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT([+-])(\d{2})(\d{2})/;

function exodusTime(row: Row): string {
  const raw = row.text('DATE');
  const m = raw.match(JS_DATE);
  if (!m) return row.time('DATE');
  const mo = MONTHS.indexOf(m[1] as string) + 1;
  const offset = (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9]));
  try {
    if (mo === 0) throw new TimeError(`"${raw}" has an unknown month`);
    const parts = {
      y: Number(m[3]),
      mo,
      d: Number(m[2]),
      h: Number(m[4]),
      mi: Number(m[5]),
      s: Number(m[6]),
    };
    return toIso({ ...parts, offset }, 0, raw);
  } catch (e) {
    if (e instanceof TimeError) throw row.problem('DATE', e.message);
    throw e;
  }
}

export const exodusTransactions: FormatDefinition = {
  id: 'exodus-transactions',
  label: 'Exodus transactions export',
  detect: (cells) => cells[0] === 'DATE' && cells[1] === 'TYPE' && cells.includes('OUTAMOUNT'),
  required: ['DATE', 'TYPE', 'OUTAMOUNT', 'OUTCURRENCY', 'INAMOUNT', 'INCURRENCY'],
  create: (_h, ctx) => ({
    row(row) {
      const type = row.req('TYPE').toLowerCase();
      const out = row.amount('OUTAMOUNT');
      const inn = row.amount('INAMOUNT');
      const fee = row.amount('FEEAMOUNT');
      const sent = out && !out.isZero() ? money(row.req('OUTCURRENCY'), out) : null;
      const received = inn && !inn.isZero() ? money(row.req('INCURRENCY'), inn) : null;
      const feeLeg = fee && !fee.isZero() ? money(row.req('FEECURRENCY'), fee) : null;
      const base = {
        timestamp: exodusTime(row),
        lines: [row.line],
        tx_hash: row.opt('OUTTXID') ?? row.opt('INTXID'),
        external_id: row.opt('ORDERID'),
        from_address: row.opt('FROMADDRESS'),
        to_address: row.opt('TOADDRESS'),
        note: row.opt('PERSONALNOTE'),
        fee: feeLeg,
      };
      if (type.includes('(failed)')) {
        if (!feeLeg) return ctx.skip(base.lines, `${type} without a fee`);
        return ctx.emit(tx({ ...base, kind: 'fee', subtype: 'failed' }));
      }
      if (type === 'exchange') {
        if (!sent || !received)
          throw row.problem(sent ? 'INAMOUNT' : 'OUTAMOUNT', 'an exchange needs both OUT and IN amounts');
        return ctx.emit(tx({ ...base, kind: 'trade', sent, received }));
      }
      if (type === 'deposit') {
        if (!received) throw row.problem('INAMOUNT', 'amount is missing');
        return ctx.emit(tx({ ...base, kind: 'deposit', received, fee: null }));
      }
      if (type === 'withdrawal') {
        if (!sent) throw row.problem('OUTAMOUNT', 'amount is missing');
        return ctx.emit(tx({ ...base, kind: 'withdrawal', sent }));
      }
      if (/stak/.test(type)) return ctx.skip(base.lines, `staking move "${type}" inside the wallet`);
      throw row.problem('TYPE', `unknown Exodus transaction type "${type}"`);
    },
  }),
};
