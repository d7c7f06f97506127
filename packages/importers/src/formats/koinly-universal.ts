import { containsAll } from '../core/header.ts';
import { fromLegs, type LegTags, leg } from '../core/legs.ts';
import { assetCode } from '../core/records.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * Koinly universal template (§8.1, ARCHITECTURE.md "Universal CSV"). Amounts exclude the fee;
 * the row shape decides the kind and `Label` refines it.
 */
/** The template's columns in its own order: what Lotwise exports, and the CLI's fast path reads. */
export const UNIVERSAL_COLUMNS = [
  'Date',
  'Sent Amount',
  'Sent Currency',
  'Received Amount',
  'Received Currency',
  'Fee Amount',
  'Fee Currency',
  'Net Worth Amount',
  'Net Worth Currency',
  'Label',
  'Description',
  'TxHash',
] as const;

export const KOINLY_INCOME_TAGS: LegTags = {
  airdrop: { kind: 'income', subtype: 'airdrop' },
  fork: { kind: 'income', subtype: 'fork' },
  mining: { kind: 'income', subtype: 'mining' },
  reward: { kind: 'income', subtype: 'reward' },
  staking: { kind: 'income', subtype: 'staking' },
  income: { kind: 'income', subtype: 'income' },
  'other income': { kind: 'income', subtype: 'income' },
  'loan interest': { kind: 'income', subtype: 'interest' },
};
export const KOINLY_SPEND_TAGS: LegTags = {
  gift: { kind: 'spend', subtype: 'gift' },
  lost: { kind: 'spend', subtype: 'lost' },
  cost: { kind: 'spend', subtype: 'cost' },
  donation: { kind: 'spend', subtype: 'donation' },
  'interest payment': { kind: 'spend', subtype: 'interest' },
  'margin fee': { kind: 'spend', subtype: 'margin fee' },
};

export const koinlyUniversal: FormatDefinition = {
  id: 'koinly-universal',
  label: 'Koinly universal template',
  // Loose signature so a file with a dropped column is still recognised and the gap reported.
  detect: (cells) => cells[0] === 'Date' && containsAll(cells, ['Sent Amount', 'Received Amount']),
  required: ['Date', 'Sent Amount', 'Sent Currency', 'Received Amount', 'Received Currency'],
  create: (_header, ctx) => ({
    row(row) {
      const netWorth = row.absAmount('Net Worth Amount');
      const label = row.opt('Label') ?? row.opt('Tag');
      const currency = row.opt('Net Worth Currency');
      if (netWorth !== null && currency === null) {
        throw row.problem('Net Worth Currency', 'currency is missing for the net worth amount');
      }
      ctx.emit(
        fromLegs(
          row,
          {
            timestamp: row.time('Date'),
            lines: [row.line],
            sent: leg(row, 'Sent Amount', 'Sent Currency'),
            received: leg(row, 'Received Amount', 'Received Currency'),
            fee: leg(row, 'Fee Amount', 'Fee Currency'),
            fiat_value:
              currency && netWorth !== null ? { currency: assetCode(currency), amount: netWorth } : null,
            tx_hash: row.opt('TxHash'),
            note: row.opt('Description'),
            label,
            tag: label,
          },
          KOINLY_INCOME_TAGS,
          KOINLY_SPEND_TAGS,
        ),
      );
    },
  }),
};
