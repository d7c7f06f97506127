import { feeColumns } from '../core/fee-column.ts';
import { money } from '../core/records.ts';
import type { FormatDefinition } from '../core/types.ts';
import { bitstampAsset, emitBitstamp } from './bitstamp-common.ts';

/** Bitstamp transactions export, current layout (2023+): explicit currency columns, ISO dates. */
export const bitstamp2024: FormatDefinition = {
  id: 'bitstamp-2024',
  label: 'Bitstamp transactions (2023+)',
  detect: (cells) => cells[0] === 'ID' && cells[1] === 'Account' && cells.includes('Datetime'),
  required: ['Type', 'Datetime', 'Amount', 'Amount currency'],
  create: (_h, ctx) => ({
    row(row) {
      const value = row.amount('Value');
      const valueCur = row.opt('Value currency');
      const err = emitBitstamp(
        {
          line: row.line,
          timestamp: row.time('Datetime'),
          type: row.req('Type'),
          subtype: row.text('Subtype'),
          amount: money(bitstampAsset(row.req('Amount currency')), row.reqAmount('Amount')),
          value: value !== null && valueCur ? money(bitstampAsset(valueCur), value) : null,
          fee: feeColumns(row, 'Fee', 'Fee currency'),
          external_id: row.opt('ID'),
        },
        ctx,
      );
      if (err) throw row.problem('Type', err);
    },
  }),
};
