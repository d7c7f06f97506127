import type { NormalisedTransaction, TransactionKind } from '@lotwise/contracts/normalised';
import type { Decimal } from '../core/decimal.ts';
import type { ColumnName } from '../core/header.ts';
import { exchange, money, tx } from '../core/records.ts';
import type { Row } from '../core/row.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * CoinTracking rows (§8.4) → §2 records. CoinTracking amounts are what actually moved: a fee in
 * the sell currency is included in Sell, a fee in the buy currency is already deducted from Buy,
 * a withdrawal includes its fee. A fee in a third currency (neither Buy nor Sell, e.g. a BNB fee
 * on a USDT→ETH trade) moved on top of both: it is the row's fee in that asset, so the engine
 * disposes of it and counts its value like any third-asset fee. CoinTracking may also book such a
 * fee by a separate `Other Fee` row; when the file has one of the same time, asset and amount, that
 * row is the booking and the trade keeps no fee (booked once, never dropped).
 */
export interface CointrackingColumns {
  buy: [ColumnName, ColumnName];
  sell: [ColumnName, ColumnName];
  fee: [ColumnName, ColumnName];
  buyCurrencyNth: number;
  sellCurrencyNth: number;
  feeCurrencyNth: number;
}

type Side = { kind: TransactionKind; subtype: string | null };
const IN: Record<string, Side> = {
  deposit: { kind: 'deposit', subtype: null },
  income: { kind: 'income', subtype: 'income' },
  'income (non taxable)': { kind: 'deposit', subtype: 'income' },
  staking: { kind: 'income', subtype: 'staking' },
  airdrop: { kind: 'income', subtype: 'airdrop' },
  mining: { kind: 'income', subtype: 'mining' },
  'mining (commercial)': { kind: 'income', subtype: 'mining' },
  'interest income': { kind: 'income', subtype: 'interest' },
  'lending income': { kind: 'income', subtype: 'interest' },
  'reward / bonus': { kind: 'income', subtype: 'reward' },
  'gift/tip': { kind: 'deposit', subtype: 'gift' },
  'derivatives / futures profit': { kind: 'income', subtype: 'derivatives' },
  'remove liquidity': { kind: 'deposit', subtype: 'liquidity' },
  'receive lp token': { kind: 'deposit', subtype: 'lp token' },
};
const OUT: Record<string, Side> = {
  withdrawal: { kind: 'withdrawal', subtype: null },
  spend: { kind: 'spend', subtype: null },
  donation: { kind: 'spend', subtype: 'donation' },
  'gift/tip': { kind: 'spend', subtype: 'gift' },
  gift: { kind: 'spend', subtype: 'gift' },
  lost: { kind: 'spend', subtype: 'lost' },
  stolen: { kind: 'spend', subtype: 'stolen' },
  'derivatives / futures loss': { kind: 'spend', subtype: 'derivatives' },
  'margin fee': { kind: 'spend', subtype: 'margin fee' },
  'provide liquidity': { kind: 'withdrawal', subtype: 'liquidity' },
  'return lp token': { kind: 'withdrawal', subtype: 'lp token' },
};

export function cointrackingRecord(
  row: Row,
  cols: CointrackingColumns,
  base: { timestamp: string; lines: number[]; note: string | null; external_id: string | null },
): NormalisedTransaction {
  const typeText = row.req('Type');
  const type = typeText.toLowerCase();
  const side = (amountCol: ColumnName, curCol: ColumnName, nth: number) => {
    const amount: Decimal | null = row.unsignedAmount(amountCol);
    if (amount === null || amount.isZero()) return null;
    const cur = row.opt(curCol, nth);
    if (!cur) throw row.problem(curCol, `currency is missing for amount ${amount.toFixed()}`);
    return { asset: cur.toUpperCase(), amount: amount.abs() };
  };
  const buy = side(cols.buy[0], cols.buy[1], cols.buyCurrencyNth);
  const sell = side(cols.sell[0], cols.sell[1], cols.sellCurrencyNth);
  const fee = side(cols.fee[0], cols.fee[1], cols.feeCurrencyNth);
  const common = { ...base, label: typeText };
  if (type === 'other fee') {
    const paid = sell ?? fee;
    if (!paid) throw row.problem(cols.sell[0], 'an Other Fee row needs the fee amount in Sell');
    if (sell && fee && (fee.asset !== sell.asset || !fee.amount.eq(sell.amount)))
      throw row.problem(
        cols.fee[0],
        `an Other Fee row has ${sell.amount.toFixed()} ${sell.asset} in Sell but ${fee.amount.toFixed()} ${fee.asset} in Fee: which was paid?`,
      );
    return tx({ ...common, kind: 'fee', fee: money(paid.asset, paid.amount) });
  }
  // Gross up to the §2 conventions: sent excludes the fee, received is before the fee.
  const feeInSell = fee !== null && sell !== null && fee.asset === sell.asset;
  const feeInBuy = fee !== null && buy !== null && fee.asset === buy.asset && !feeInSell;
  const feeAmount = fee?.amount;
  if (feeInSell && sell && feeAmount?.gt(sell.amount))
    throw row.problem(
      cols.fee[0],
      `fee ${feeAmount.toFixed()} ${sell.asset} is larger than Sell ${sell.amount.toFixed()} (CoinTracking's Sell includes the fee)`,
    );
  const sent = sell
    ? money(sell.asset, feeInSell && feeAmount ? sell.amount.minus(feeAmount) : sell.amount)
    : null;
  const received = buy
    ? money(buy.asset, feeInBuy && feeAmount ? buy.amount.plus(feeAmount) : buy.amount)
    : null;
  const feeLeg = fee ? money(fee.asset, fee.amount) : null;
  if (type === 'trade') {
    if (!sent || !received)
      throw row.problem(sent ? cols.buy[0] : cols.sell[0], 'a Trade needs both Buy and Sell');
    return exchange({ ...common, sent, received, fee: feeLeg });
  }
  if (received && !sent && IN[type]) return tx({ ...common, ...IN[type], received, fee: feeLeg });
  if (sent && !received && OUT[type]) return tx({ ...common, ...OUT[type], sent, fee: feeLeg });
  if (!IN[type] && !OUT[type]) throw row.problem('Type', `unknown CoinTracking type "${typeText}"`);
  throw row.problem('Type', `a ${typeText} row must have only ${IN[type] ? 'Buy' : 'Sell'} filled`);
}

/** Time, asset and amount: what ties a third-asset fee to the `Other Fee` row booking it. */
const feeKey = (t: NormalisedTransaction, fee: { asset: string; amount: string }) =>
  `${t.timestamp}|${fee.asset}|${fee.amount}`;

/** A fee in neither the sent nor the received asset. */
const thirdAssetFee = (t: NormalisedTransaction) =>
  t.kind !== 'fee' && t.fee && t.fee.asset !== t.sent?.asset && t.fee.asset !== t.received?.asset
    ? t.fee
    : null;

/**
 * The row handler both CoinTracking layouts share; only their column names differ. Rows with a
 * fee in a third asset are held until the end, when every `Other Fee` row has been seen: one that
 * books the same fee (same time, asset and amount; each used once) takes it off the trade.
 */
export function cointrackingParser(columns: CointrackingColumns): FormatDefinition['create'] {
  return (_h, ctx) => {
    const held: NormalisedTransaction[] = [];
    const otherFees = new Map<string, number>();
    return {
      row(row) {
        const date = row.text('Date');
        const record = cointrackingRecord(row, columns, {
          timestamp: row.time('Date', /^\d{4}-/.test(date) ? 'iso' : 'dd.mm.yyyy'),
          lines: [row.line],
          note: row.opt('Comment'),
          external_id: row.opt('Tx-ID'),
        });
        if (record.kind === 'fee' && record.fee) {
          const key = feeKey(record, record.fee);
          otherFees.set(key, (otherFees.get(key) ?? 0) + 1);
        }
        if (thirdAssetFee(record)) held.push(record);
        else ctx.emit(record);
      },
      end() {
        for (const record of held) {
          const fee = thirdAssetFee(record);
          const key = fee ? feeKey(record, fee) : '';
          const booked = otherFees.get(key) ?? 0;
          if (booked > 0) {
            otherFees.set(key, booked - 1);
            ctx.emit({ ...record, fee: null });
          } else ctx.emit(record);
        }
      },
    };
  };
}
