import { combineLegs, type Leg } from '../core/pairs.ts';
import { money, tx } from '../core/records.ts';
import { RowProblem } from '../core/row.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * Coinbase Pro / Exchange account statement (§3.3): signed balance changes. A trade is two
 * `match` rows and a `fee` row sharing `trade id`; they are grouped and combined at the end.
 * Also the capitalised variant (`Portfolio,Type,Timestamp,Amount,…`), matched case-insensitively.
 */
const lower = (cells: string[]): string[] => cells.map((c) => c.toLowerCase());

export const coinbaseproAccount: FormatDefinition = {
  id: 'coinbasepro-account',
  label: 'Coinbase Pro / Exchange account statement',
  detect: (cells) => {
    const l = lower(cells);
    const i = l.indexOf('type');
    return (
      i >= 0 &&
      (l[i + 1] === 'time' || l[i + 1] === 'timestamp') &&
      l[i + 2] === 'amount' &&
      l[i + 3] === 'balance'
    );
  },
  required: [/^type$/i, /^(time|timestamp)$/i, /^amount$/i, /^amount\/balance unit$/i],
  create: (_h, ctx) => {
    const groups = new Map<string, { legs: Leg[]; fees: Leg[]; time: string; firstLine: number }>();
    const col = {
      type: /^type$/i,
      time: /^(time|timestamp)$/i,
      amount: /^amount$/i,
      unit: /^amount\/balance unit$/i,
    };
    return {
      row(row) {
        const type = row.req(col.type).toLowerCase();
        const time = row.time(col.time);
        const amount = row.reqAmount(col.amount);
        const asset = row.req(col.unit).toUpperCase();
        const leg: Leg = { line: row.line, asset, amount };
        const tradeId = row.opt(/^trade id$/i);
        if (type === 'match' || type === 'fee' || type === 'conversion') {
          const key = tradeId ?? `${type === 'conversion' ? 'conv' : 'notrade'}@${time}`;
          const g = groups.get(key) ?? { legs: [], fees: [], time, firstLine: row.line };
          (type === 'fee' ? g.fees : g.legs).push(leg);
          groups.set(key, g);
          return;
        }
        const base = { timestamp: time, lines: [row.line], external_id: row.opt(/^transfer id$/i) };
        if (type === 'deposit' || type === 'withdrawal') {
          const out = amount.isNegative();
          ctx.emit(
            tx({
              ...base,
              kind: out ? 'withdrawal' : 'deposit',
              sent: out ? money(asset, amount) : null,
              received: out ? null : money(asset, amount),
            }),
          );
          return;
        }
        if (type === 'rebate') {
          ctx.emit(tx({ ...base, kind: 'income', subtype: 'rebate', received: money(asset, amount) }));
          return;
        }
        throw row.problem(col.type, `unknown Coinbase Pro entry type "${type}"`);
      },
      end() {
        for (const [key, g] of groups) {
          ctx.guard(g.firstLine, () => {
            const external = key.includes('@') ? null : key;
            const out = combineLegs(
              g.legs,
              g.fees,
              { timestamp: g.time, external_id: external },
              { requireBoth: true },
            );
            if (!out)
              throw new RowProblem(
                'trade id',
                `cannot combine the rows of trade ${key} into one trade (a match row is missing or invalid)`,
              );
            for (const t of out) ctx.emit(t);
          });
        }
      },
    };
  },
};
