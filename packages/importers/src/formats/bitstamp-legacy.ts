import { money } from '../core/records.ts';
import { type Row, unitAmount } from '../core/row.ts';
import { TimeError, toIso } from '../core/time.ts';
import type { FormatDefinition } from '../core/types.ts';
import { bitstampAsset, emitBitstamp } from './bitstamp-common.ts';

/** Bitstamp legacy export: units inside the values, dates like "Jan. 28, 2022, 12:31 AM" (UTC). */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DATE = /^([A-Za-z]{3,5})\.? (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))? ?([AP]\.?M\.?)$/i;

function legacyTime(row: Row): string {
  const raw = row.req('Datetime');
  const m = raw.match(DATE);
  const mo = m ? MONTHS.indexOf((m[1] as string).slice(0, 3).toLowerCase()) + 1 : 0;
  if (!m || mo === 0) throw row.problem('Datetime', `"${raw}" is not a date like "Jan. 28, 2022, 12:31 AM"`);
  let h = Number(m[4]) % 12;
  if ((m[7] as string).toUpperCase().startsWith('P')) h += 12;
  try {
    return toIso(
      { y: Number(m[3]), mo, d: Number(m[2]), h, mi: Number(m[5]), s: Number(m[6] ?? 0), offset: 0 },
      0,
      raw,
    );
  } catch (e) {
    if (e instanceof TimeError) throw row.problem('Datetime', e.message);
    throw e;
  }
}

export const bitstampLegacy: FormatDefinition = {
  id: 'bitstamp-legacy',
  label: 'Bitstamp transactions (legacy)',
  detect: (cells) => cells[0] === 'Type' && cells[1] === 'Datetime' && cells[2] === 'Account',
  required: ['Type', 'Datetime', 'Amount', 'Value', 'Fee', 'Sub Type'],
  create: (_h, ctx) => ({
    row(row) {
      const amount = unitAmount(row, 'Amount');
      if (!amount) throw row.problem('Amount', 'value is missing');
      const value = unitAmount(row, 'Value');
      const fee = unitAmount(row, 'Fee');
      const err = emitBitstamp(
        {
          line: row.line,
          timestamp: legacyTime(row),
          type: row.req('Type'),
          subtype: row.text('Sub Type'),
          amount: money(bitstampAsset(amount.asset), amount.amount),
          value: value ? money(bitstampAsset(value.asset), value.amount) : null,
          fee: fee && !fee.amount.isZero() ? money(fee.asset, fee.amount) : null,
          external_id: null,
        },
        ctx,
      );
      if (err) throw row.problem('Type', err);
    },
  }),
};
