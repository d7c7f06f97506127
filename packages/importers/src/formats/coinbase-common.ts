import type { NormalisedTransaction } from '@lotwise/contracts/normalised';
import { isFiat } from '../core/assets.ts';
import { AmountError, type Decimal, parseUnsignedAmount } from '../core/decimal.ts';
import type { ColumnName } from '../core/header.ts';
import { combineLegs, type Leg } from '../core/pairs.ts';
import { exchange, feeOf, fiat, money, tx } from '../core/records.ts';
import type { Row } from '../core/row.ts';
import type { FormatParser, ParseContext } from '../core/types.ts';

/**
 * Shared logic of the five Coinbase consumer "Transaction history" layouts (§3.1). The layouts
 * differ only in column names (and signed vs unsigned quantities, handled by taking |x|), so
 * each layout file passes its column map here.
 */
export interface CoinbaseColumns {
  id?: string;
  currency: string | ((row: Row) => string);
  subtotal: ColumnName;
  total: ColumnName;
  fees: ColumnName;
}

type Simple = { kind: NormalisedTransaction['kind']; subtype: string | null; dir: 'in' | 'out' };

const SIMPLE: Record<string, Simple> = {
  Send: { kind: 'withdrawal', subtype: null, dir: 'out' },
  'Retail MGX DEX Send': { kind: 'withdrawal', subtype: null, dir: 'out' },
  Receive: { kind: 'deposit', subtype: null, dir: 'in' },
  Deposit: { kind: 'deposit', subtype: null, dir: 'in' },
  Withdrawal: { kind: 'withdrawal', subtype: null, dir: 'out' },
  'Rewards Income': { kind: 'income', subtype: 'reward', dir: 'in' },
  'Reward Income': { kind: 'income', subtype: 'reward', dir: 'in' },
  'Staking Income': { kind: 'income', subtype: 'staking', dir: 'in' },
  'Inflation Reward': { kind: 'income', subtype: 'staking', dir: 'in' },
  'Coinbase Earn': { kind: 'income', subtype: 'reward', dir: 'in' },
  'Learning Reward': { kind: 'income', subtype: 'reward', dir: 'in' },
  'Interest payout': { kind: 'income', subtype: 'interest', dir: 'in' },
  'Subscription Rebate': { kind: 'income', subtype: 'rebate', dir: 'in' },
  'Subscription Rebates (24 Hours)': { kind: 'income', subtype: 'rebate', dir: 'in' },
  Donation: { kind: 'spend', subtype: 'donation', dir: 'out' },
  'Admin Debit': { kind: 'spend', subtype: 'cost', dir: 'out' },
  Subscription: { kind: 'spend', subtype: 'cost', dir: 'out' },
  'Card Spend': { kind: 'spend', subtype: null, dir: 'out' },
  'Exchange Deposit': { kind: 'withdrawal', subtype: 'transfer to Coinbase Pro', dir: 'out' },
  'Pro Deposit': { kind: 'withdrawal', subtype: 'transfer to Coinbase Pro', dir: 'out' },
  'Prime Deposit': { kind: 'withdrawal', subtype: 'transfer to Coinbase Prime', dir: 'out' },
  'Exchange Withdrawal': { kind: 'deposit', subtype: 'transfer from Coinbase Pro', dir: 'in' },
  'Pro Withdrawal': { kind: 'deposit', subtype: 'transfer from Coinbase Pro', dir: 'in' },
};
const BUY = new Set(['Buy', 'Advanced Trade Buy', 'Advance Trade Buy', 'Credit']);
const SELL = new Set(['Sell', 'Advanced Trade Sell', 'Advance Trade Sell', 'Retail Simple Dust']);
const INTERNAL = new Set([
  'Retail Staking Transfer',
  'Retail Unstaking Transfer',
  'Vault Withdrawal',
  'Cash to Savings',
  'Savings to Cash',
  'Transfer',
]);
/** ± rows of one event that must be paired (two-row Convert, DEX buys, asset migrations). */
const PAIRED = new Set(['Convert', 'Retail MGX DEX Buy', 'Asset Migration', 'Retail Eth2 Deprecation']);

const NUM = '([\\d.,]+(?:[eE][-+]?\\d+)?)';
const TRADE_NOTE = new RegExp(
  `^(?:Bought|Sold) ${NUM} (\\S+) for [^\\d\\s]?${NUM} (\\S+)(?: on \\S+ at ${NUM} )?`,
);
const CONVERT_NOTE = new RegExp(`^Converted ${NUM} (\\S+) to ${NUM} (\\S+)`);

/** A number inside the Notes text (`1,304.00`); `1.304.00` is a RowProblem on Notes, never a throw. */
function notedNumber(row: Row, text: string): Decimal {
  try {
    const value = parseUnsignedAmount(text);
    if (value !== null) return value;
  } catch (e) {
    if (!(e instanceof AmountError)) throw e;
    throw row.problem('Notes', `${e.message} (in the Notes)`);
  }
  throw row.problem('Notes', `"${text}" is not a number (in the Notes)`);
}

export function createCoinbaseParser(cols: CoinbaseColumns, ctx: ParseContext): FormatParser {
  const pending = new Map<string, { legs: Leg[]; row: Row; total: Decimal | null; type: string }>();
  return {
    row(row) {
      const type = row.req('Transaction Type');
      const timestamp = row.time('Timestamp');
      const asset = row.req('Asset').toUpperCase();
      const qty = row.reqAmount('Quantity Transacted');
      const currency = typeof cols.currency === 'string' ? row.req(cols.currency) : cols.currency(row);
      const subtotal = row.amount(cols.subtotal);
      const total = row.amount(cols.total);
      const fees = row.amount(cols.fees);
      const notes = row.opt('Notes');
      const base = {
        timestamp,
        lines: [row.line],
        external_id: cols.id ? row.opt(cols.id) : null,
        note: notes,
      };
      if (INTERNAL.has(type)) {
        ctx.skip([row.line], `internal move between Coinbase wallets (${type})`);
        return;
      }
      if (BUY.has(type) || SELL.has(type)) {
        const side = BUY.has(type) ? 'buy' : 'sell';
        if (subtotal === null) throw row.problem(cols.subtotal, `amount is missing for ${type}`);
        const crypto = money(asset, qty);
        let quote = money(currency, subtotal);
        let fee = feeOf(currency, fees);
        const m = notes?.match(TRADE_NOTE);
        const quoteAsset = m?.[4]?.toUpperCase();
        // Advanced Trade on a crypto-quoted product: money columns are still in account fiat,
        // so rebuild the quote leg from the Notes (buy notes include the fee, sell notes are net).
        if (m && quoteAsset && !isFiat(quoteAsset)) {
          const noted = notedNumber(row, m[3] as string);
          const gross = m[5] ? qty.abs().times(notedNumber(row, m[5])) : noted;
          quote = money(quoteAsset, gross);
          fee = feeOf(quoteAsset, noted.minus(gross).abs());
        }
        const [sent, received] = side === 'buy' ? [quote, crypto] : [crypto, quote];
        ctx.emit(exchange({ ...base, sent, received, fee, fiat_value: fiat(currency, subtotal) }));
        return;
      }
      if (PAIRED.has(type)) {
        const c = type === 'Convert' ? notes?.match(CONVERT_NOTE) : null;
        if (c) {
          ctx.emit(
            exchange({
              ...base,
              sent: money(asset, qty),
              received: money(c[4] as string, notedNumber(row, c[3] as string)),
              fiat_value: fiat(currency, total),
            }),
          );
          return;
        }
        const key =
          type === 'Convert' && base.external_id ? `id:${base.external_id}` : `${type}@${timestamp}`;
        const group = pending.get(key) ?? { legs: [], row, total: null, type };
        group.legs.push({ line: row.line, asset, amount: qty });
        if (qty.isNegative()) group.total = total;
        pending.set(key, group);
        return;
      }
      const simple = SIMPLE[type];
      if (!simple) throw row.problem('Transaction Type', `unknown Coinbase transaction type "${type}"`);
      let { kind, subtype } = simple;
      if (type === 'Receive' && notes && /Coinbase (Earn|Rewards)/.test(notes))
        [kind, subtype] = ['income', 'reward'];
      if (type === 'Receive' && notes?.includes('Coinbase Referral'))
        [kind, subtype] = ['income', 'referral'];
      const leg = money(asset, qty);
      ctx.emit(
        tx({
          ...base,
          kind,
          subtype,
          sent: simple.dir === 'out' ? leg : null,
          received: simple.dir === 'in' ? leg : null,
          fee: feeOf(currency, fees),
          fiat_value: subtotal === null ? null : fiat(currency, subtotal),
          from_address: row.opt('Sender Address'),
          to_address: row.opt('Recipient Address'),
        }),
      );
    },
    end() {
      for (const { legs, row, total, type } of pending.values()) {
        ctx.guard(row.line, () => {
          const currency = typeof cols.currency === 'string' ? row.req(cols.currency) : cols.currency(row);
          const base = {
            timestamp: row.time('Timestamp'),
            external_id: cols.id ? row.opt(cols.id) : null,
            note: row.opt('Notes'),
            fiat_value: fiat(currency, total),
            subtype: type === 'Convert' ? null : type === 'Retail MGX DEX Buy' ? 'dex' : 'migration',
          };
          const out = combineLegs(legs, [], base);
          if (!out || legs.length < 2) {
            throw row.problem(
              'Notes',
              'cannot tell what was received: no "Converted … to …" note and no matching row',
            );
          }
          for (const t of out) ctx.emit(t);
        });
      }
    },
  };
}
