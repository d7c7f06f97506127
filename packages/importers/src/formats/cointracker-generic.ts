import { fromLegs, type LegTags, leg } from '../core/legs.ts';
import type { FormatDefinition } from '../core/types.ts';

/** CoinTracker generic CSV (§8.2): MM/DD/YYYY dates, `Tag` refines send/receive rows. */
const INCOME: LegTags = {
  staking: { kind: 'income', subtype: 'staking' },
  staked: { kind: 'income', subtype: 'staking' },
  airdrop: { kind: 'income', subtype: 'airdrop' },
  fork: { kind: 'income', subtype: 'fork' },
  mining: { kind: 'income', subtype: 'mining' },
  interest: { kind: 'income', subtype: 'interest' },
  income: { kind: 'income', subtype: 'income' },
  'margin gain': { kind: 'income', subtype: 'margin' },
  'margin rebate': { kind: 'income', subtype: 'rebate' },
  gift: { kind: 'deposit', subtype: 'gift' },
};
const SPEND: LegTags = {
  payment: { kind: 'spend', subtype: 'payment' },
  gift: { kind: 'spend', subtype: 'gift' },
  donation: { kind: 'spend', subtype: 'donation' },
  lost: { kind: 'spend', subtype: 'lost' },
  'margin fee': { kind: 'spend', subtype: 'margin fee' },
  'margin loss': { kind: 'spend', subtype: 'margin' },
};

export const cointrackerGeneric: FormatDefinition = {
  id: 'cointracker-generic',
  label: 'CoinTracker generic CSV',
  detect: (cells) =>
    cells.includes('Date') && cells.includes('Received Quantity') && cells.includes('Sent Quantity'),
  required: [
    'Date',
    'Received Quantity',
    'Received Currency',
    'Sent Quantity',
    'Sent Currency',
    'Fee Amount',
    'Fee Currency',
  ],
  create: (_h, ctx) => ({
    row(row) {
      const tag = row.opt('Tag');
      ctx.emit(
        fromLegs(
          row,
          {
            timestamp: row.time('Date', 'mm/dd/yyyy'),
            lines: [row.line],
            sent: leg(row, 'Sent Quantity', 'Sent Currency'),
            received: leg(row, 'Received Quantity', 'Received Currency'),
            fee: leg(row, 'Fee Amount', 'Fee Currency'),
            label: tag,
            tag,
            external_id: row.opt('Transaction ID'),
          },
          INCOME,
          SPEND,
        ),
      );
    },
  }),
};
