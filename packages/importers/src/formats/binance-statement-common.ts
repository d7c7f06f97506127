import type { TransactionKind } from '@lotwise/contracts/normalised';
import type { Decimal } from '../core/decimal.ts';
import { combineLegs, type Leg } from '../core/pairs.ts';
import { money, tx } from '../core/records.ts';
import { RowProblem } from '../core/row.ts';
import type { TimeStyle } from '../core/time.ts';
import type { FormatParser, ParseContext } from '../core/types.ts';

/**
 * Binance "Transaction History" statement (§5.1), all versions. One row per balance change;
 * trade legs (and their fee rows) share a timestamp and are combined per (time, account, family).
 * Several fills of one order in the same second are aggregated.
 */
const TRADE_OPS = new Set([
  'Buy',
  'Sell',
  'Fee',
  'Transaction Related',
  'Transaction Buy',
  'Transaction Spend',
  'Transaction Sold',
  'Transaction Revenue',
  'Transaction Fee',
]);
const FEE_OPS = new Set(['Fee', 'Transaction Fee']);
const CONVERT_OPS = new Set([
  'Binance Convert',
  'Large OTC trading',
  'Buy Crypto With Card',
  'The Easiest Way to Trade',
  'Stablecoins Auto-Conversion',
  'ETH 2.0 Staking',
  'Leverage Token Redemption',
]);
const DUST_OPS = new Set(['Small assets exchange BNB', 'Small Assets Exchange BNB', 'BNB Fee Deduction']);

type Single = { kind: TransactionKind; subtype: string | null; negKind?: TransactionKind };
const list = (ops: string[], s: Single): [string, Single][] => ops.map((o) => [o, s]);
const SINGLE = new Map<string, Single>([
  ...list(['Deposit', 'Fiat Deposit', 'Fiat OCBS - Add Fiat and Fees'], { kind: 'deposit', subtype: null }),
  ...list(['Withdraw', 'Fiat Withdraw', 'Fiat Withdrawal', 'Send'], { kind: 'withdrawal', subtype: null }),
  ...list(
    [
      'Simple Earn Flexible Interest',
      'Savings Interest',
      'Savings distribution',
      'Savings Distribution',
      'Pool Distribution',
      'Launchpool Interest',
    ],
    { kind: 'income', subtype: 'interest' },
  ),
  ...list(
    ['Staking Rewards', 'POS savings interest', 'ETH 2.0 Staking Rewards', 'Simple Earn Locked Rewards'],
    { kind: 'income', subtype: 'staking' },
  ),
  ...list(
    [
      'BNB Vault Rewards',
      'Liquid Swap rewards',
      'DOT Slot Auction Rewards',
      'Launchpool Earnings Withdrawal',
      'Swap Farming Rewards',
      'Campaign Related Reward',
      'Mission Reward Distribution',
      'Cash Voucher distribution',
    ],
    { kind: 'income', subtype: 'reward' },
  ),
  ...list(['Super BNB Mining'], { kind: 'income', subtype: 'mining' }),
  ...list(
    [
      'Airdrop Assets',
      'Distribution',
      'HODLer Airdrops Distribution',
      'Megadrop Rewards',
      'Token Swap - Distribution',
      'Token Swap - Redenomination/Rebranding',
    ],
    { kind: 'income', subtype: 'airdrop', negKind: 'spend' },
  ),
  ...list(
    [
      'Commission History',
      'Referrer rebates',
      'Referral Kickback',
      'Commission Rebate',
      'Commission Fee Shared With You',
      'Referral Commission',
    ],
    { kind: 'income', subtype: 'referral' },
  ),
  ['Binance Card Spending', { kind: 'spend', subtype: 'card' }],
  ['Binance Card Cashback', { kind: 'income', subtype: 'cashback' }],
  ['Crypto Box', { kind: 'deposit', subtype: 'gift', negKind: 'spend' }],
]);
const INTERNAL =
  /Subscription|Redemption|Purchase|purchase|redemption|Subscribe|^Transfer Between|^transfer_(in|out)$|^Savings purchase/;
const DERIVATIVES = /Profit and Loss|profit and loss|Funding Fee|Insurance Fund|Margin|Liquidation/;

export interface StatementColumns {
  time: string;
  style: TimeStyle;
}

export function createStatementParser(cols: StatementColumns, ctx: ParseContext): FormatParser {
  const groups = new Map<string, { legs: Leg[]; fees: Leg[]; time: string; first: number; family: string }>();
  return {
    row(row) {
      const time = row.time(cols.time, cols.style);
      const op = row.req('Operation');
      const account = row.text('Account');
      const coin = row.req('Coin').toUpperCase();
      const change: Decimal = row.reqAmount('Change');
      const leg: Leg = { line: row.line, asset: coin, amount: change };
      const family = TRADE_OPS.has(op)
        ? 'trade'
        : CONVERT_OPS.has(op)
          ? op
          : DUST_OPS.has(op)
            ? 'dust'
            : null;
      if (family) {
        const key = `${time}|${account}|${family}`;
        const g = groups.get(key) ?? { legs: [], fees: [], time, first: row.line, family };
        (FEE_OPS.has(op) ? g.fees : g.legs).push(leg);
        groups.set(key, g);
        return;
      }
      const lines = [row.line];
      const single = SINGLE.get(op);
      if (!single) {
        if (INTERNAL.test(op)) return ctx.skip(lines, `internal move between Binance wallets (${op})`);
        if (DERIVATIVES.test(op) || /Futures|Margin/.test(account)) {
          return ctx.skip(lines, `derivatives/margin entry "${op}" is not supported for spot tax reporting`);
        }
        throw row.problem('Operation', `unknown Binance operation "${op}"`);
      }
      const out = change.isNegative();
      const kind = out
        ? (single.negKind ?? (single.kind === 'deposit' ? 'withdrawal' : single.kind))
        : single.kind;
      const value = money(coin, change);
      ctx.emit(
        tx({
          timestamp: time,
          kind: out && kind === 'income' ? 'spend' : kind,
          subtype: single.subtype,
          lines,
          sent: out ? value : null,
          received: out ? null : value,
          note: row.opt('Remark'),
        }),
      );
    },
    end() {
      for (const g of groups.values()) {
        ctx.guard(g.first, () => {
          const subtype = g.family === 'dust' ? 'dust' : null;
          for (const part of splitDust(g)) {
            const out = combineLegs(
              part.legs,
              part.fees,
              { timestamp: g.time, subtype },
              { requireBoth: true },
            );
            if (!out) {
              throw new RowProblem(
                'Change',
                `cannot combine the ${g.family} rows at ${g.time} into trades (one side missing or several assets per side)`,
              );
            }
            for (const t of out) ctx.emit(t);
          }
        });
      }
    },
  };
}

/** Dust conversions debit several coins for one BNB credit each: pair debits and credits in file order. */
function splitDust(g: { legs: Leg[]; fees: Leg[]; family: string }): { legs: Leg[]; fees: Leg[] }[] {
  const outs = g.legs.filter((l) => l.amount.isNegative());
  const ins = g.legs.filter((l) => !l.amount.isNegative());
  if (g.family !== 'dust' || outs.length <= 1 || outs.length !== ins.length) return [g];
  return outs.map((o, i) => ({ legs: [o, ins[i] as Leg], fees: i === 0 ? g.fees : [] }));
}
