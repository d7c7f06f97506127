import { fromLegs, leg } from '../core/legs.ts';
import type { FormatDefinition } from '../core/types.ts';
import { COINLEDGER_IN, COINLEDGER_KNOWN, COINLEDGER_OUT } from './coinledger-types.ts';

/** CoinLedger universal manual import template (§8.3); the `(Optional)` suffixes are literal. */
export const coinledgerUniversal: FormatDefinition = {
  id: 'coinledger-universal',
  label: 'CoinLedger universal import template',
  detect: (cells) => cells[0] === 'Date (UTC)' && cells.includes('Asset Sent'),
  required: ['Date (UTC)', 'Asset Sent', 'Amount Sent', 'Asset Received', 'Amount Received', 'Type'],
  create: (_h, ctx) => ({
    row(row) {
      const type = row.text('Type');
      if (!COINLEDGER_KNOWN.has(type.toLowerCase())) {
        throw row.problem('Type', `unknown CoinLedger type "${type}"`);
      }
      ctx.emit(
        fromLegs(
          row,
          {
            timestamp: row.time('Date (UTC)', 'mm/dd/yyyy'),
            lines: [row.line],
            sent: leg(row, 'Amount Sent', 'Asset Sent'),
            received: leg(row, 'Amount Received', 'Asset Received'),
            fee: leg(row, 'Fee Amount (Optional)', 'Fee Currency (Optional)'),
            note: row.opt('Description (Optional)'),
            tx_hash: row.opt('TxHash (Optional)'),
            label: type || null,
            tag: type,
            subtype: type === '' || type.toLowerCase() === 'trade' ? null : undefined,
          },
          COINLEDGER_IN,
          COINLEDGER_OUT,
        ),
      );
    },
  }),
};
