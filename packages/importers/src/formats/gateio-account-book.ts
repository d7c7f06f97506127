import type { TransactionKind } from '@lotwise/contracts/normalised';
import { combineLegs, type Leg } from '../core/pairs.ts';
import { money, tx } from '../core/records.ts';
import { RowProblem } from '../core/row.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * Gate.io account book / billing details (§6.8): order rows and their fee rows share
 * `action_data`. `total` is an account-level figure and is ignored. Times are in the account's
 * display zone and are read as UTC.
 */
const ORDER = /^Order (Placed|Filled|Fullfilled|Fulfilled|Cancelled)$/i;
const FEE = /^(Trading Fees|Trade Fee)$/i;
const DUST = /^Dust Swap/i;
const SIMPLE: Record<string, { kind: TransactionKind; subtype: string | null }> = {
  deposits: { kind: 'deposit', subtype: null },
  deposit: { kind: 'deposit', subtype: null },
  withdrawals: { kind: 'withdrawal', subtype: null },
  withdraw: { kind: 'withdrawal', subtype: null },
  airdrop: { kind: 'income', subtype: 'airdrop' },
  'airdrop bonus': { kind: 'income', subtype: 'airdrop' },
  'hodl interest': { kind: 'income', subtype: 'interest' },
  'interest income': { kind: 'income', subtype: 'interest' },
  'referral superior rebate': { kind: 'income', subtype: 'referral' },
};

export const gateioAccountBook: FormatDefinition = {
  id: 'gateio-account-book',
  label: 'Gate.io account book',
  detect: (cells) => cells[0] === 'no' && cells.includes('action_desc'),
  required: ['time', 'action_desc', 'action_data', 'type', 'change_amount'],
  create: (_h, ctx) => {
    const groups = new Map<
      string,
      { legs: Leg[]; fees: Leg[]; time: string; first: number; dust: boolean }
    >();
    return {
      row(row) {
        const desc = row.req('action_desc');
        const time = row.time('time');
        const asset = row.req('type').toUpperCase();
        const change = row.reqAmount('change_amount');
        const leg: Leg = { line: row.line, asset, amount: change };
        if (ORDER.test(desc) || FEE.test(desc) || DUST.test(desc)) {
          const dust = DUST.test(desc);
          const key = dust ? `dust@${time}` : row.req('action_data');
          const g = groups.get(key) ?? { legs: [], fees: [], time, first: row.line, dust };
          (FEE.test(desc) ? g.fees : g.legs).push(leg);
          groups.set(key, g);
          return;
        }
        const s = SIMPLE[desc.toLowerCase()];
        if (!s) throw row.problem('action_desc', `unknown Gate.io entry "${desc}"`);
        const out = change.isNegative();
        const m = money(asset, change);
        ctx.emit(
          tx({
            timestamp: time,
            kind: out && s.kind === 'income' ? 'spend' : s.kind,
            subtype: s.subtype,
            lines: [row.line],
            sent: out ? m : null,
            received: out ? null : m,
            external_id: row.opt('action_data'),
          }),
        );
      },
      end() {
        for (const [key, g] of groups) {
          ctx.guard(g.first, () => {
            const base = {
              timestamp: g.time,
              external_id: g.dust ? null : key,
              subtype: g.dust ? 'dust' : null,
            };
            const out = combineLegs(g.legs, g.fees, base, { requireBoth: true });
            if (!out) throw new RowProblem('action_data', `cannot combine the rows of ${key} into one trade`);
            for (const t of out) ctx.emit(t);
          });
        }
      },
    };
  },
};
