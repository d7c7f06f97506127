import type { TransactionKind } from '@lotwise/contracts/normalised';
import { feeColumns } from '../core/fee-column.ts';
import { exchange, fiat, money, tx } from '../core/records.ts';
import type { Row } from '../core/row.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * Binance.US transaction history (§5.5), current and underscore-legacy headers (matched by
 * case-insensitive patterns). For `Spot Trading` the Base Asset is the traded coin; for the
 * `Buy`/`Sell`/`Quick Buy`/`Convert` categories Base = given and Quote = received.
 */
const c = (words: string): RegExp => new RegExp(`^${words.replace(/ /g, '[_ ]')}$`, 'i');
const COL = {
  time: c('Time'),
  category: c('Category'),
  operation: c('Operation'),
  orderId: c('Order Id'),
  txId: c('Transaction Id'),
  primary: c('Primary Asset'),
  primaryAmount: c('Realized Amount For Primary Asset'),
  primaryUsd: c('Realized Amount For Primary Asset In USD(_Value)?'),
  base: c('Base Asset'),
  baseAmount: c('Realized Amount For Base Asset'),
  baseUsd: c('Realized Amount For Base Asset In USD(_Value)?'),
  quote: c('Quote Asset'),
  quoteAmount: c('Realized Amount For Quote Asset'),
  quoteUsd: c('Realized Amount For Quote Asset In USD(_Value)?'),
  feeAsset: c('Fee Asset'),
  feeAmount: c('Realized Amount For Fee Asset'),
  note: c('Additional Note'),
};
const INCOME: Record<string, string> = {
  'Staking Rewards': 'staking',
  'Referral Commission': 'referral',
  Others: 'airdrop',
};

function legOf(row: Row, asset: RegExp, amount: RegExp) {
  return money(row.req(asset), row.reqAmount(amount));
}

export const binanceusHistory: FormatDefinition = {
  id: 'binanceus-history',
  label: 'Binance.US transaction history',
  detect: (cells) =>
    /^User[_ ]I[Dd]$/.test(cells[0] ?? '') && cells.some((x) => /^Primary[_ ]Asset$/.test(x)),
  required: [COL.time, COL.category, COL.operation, COL.primary, COL.base, COL.quote],
  create: (_h, ctx) => ({
    row(row) {
      const category = row.req(COL.category);
      const operation = row.req(COL.operation);
      const base = {
        timestamp: row.time(COL.time),
        lines: [row.line],
        external_id: row.opt(COL.txId),
        note: row.opt(COL.note),
        fee: feeColumns(row, COL.feeAmount, COL.feeAsset),
      };
      if (category === 'Spot Trading' || ['Buy', 'Sell', 'Quick Buy', 'Convert'].includes(category)) {
        const baseLeg = legOf(row, COL.base, COL.baseAmount);
        const quoteLeg = legOf(row, COL.quote, COL.quoteAmount);
        const sell = operation.toLowerCase() === 'sell';
        const [sent, received] =
          category === 'Spot Trading'
            ? sell
              ? [baseLeg, quoteLeg]
              : [quoteLeg, baseLeg]
            : [baseLeg, quoteLeg];
        const receivedUsd = row.amount(received === baseLeg ? COL.baseUsd : COL.quoteUsd);
        const record = exchange({ ...base, sent, received });
        const value = record.kind === 'trade' ? fiat('USD', receivedUsd) : record.fiat_value;
        ctx.emit({ ...record, fiat_value: value });
        return;
      }
      const primary = legOf(row, COL.primary, COL.primaryAmount);
      const usd = fiat('USD', row.amount(COL.primaryUsd));
      const negative = row.reqAmount(COL.primaryAmount).isNegative();
      let kind: TransactionKind;
      let subtype: string | null = null;
      if (category === 'Deposit') kind = 'deposit';
      else if (category === 'Withdrawal') kind = 'withdrawal';
      else if (category === 'Distribution' || INCOME[operation] !== undefined) {
        [kind, subtype] = negative ? ['spend', 'fee'] : ['income', INCOME[operation] ?? 'reward'];
      } else throw row.problem(COL.category, `unknown Binance.US category "${category}"`);
      const out = kind === 'withdrawal' || kind === 'spend';
      ctx.emit(
        tx({
          ...base,
          kind,
          subtype,
          sent: out ? primary : null,
          received: out ? null : primary,
          fiat_value: usd,
        }),
      );
    },
  }),
};
