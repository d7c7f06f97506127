import { combineLegs, type Leg } from '../core/pairs.ts';
import { money, tx } from '../core/records.ts';
import { RowProblem } from '../core/row.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * Bybit Unified Trading Account transaction log (§6.7), EU (`Uid,…,Time(UTC)`) and global
 * (`Time,Currency,Contract,…`) layouts. A spot fill is one row per currency, grouped by
 * time + contract + direction; `Cash Flow` is gross and `Fee Paid` (negative) is charged in
 * that row's currency.
 */
const TIME = /^Time(\(UTC\))?$/;

export const bybitUta: FormatDefinition = {
  id: 'bybit-uta',
  label: 'Bybit unified trading account transaction log',
  detect: (cells) => cells.includes('Currency') && cells.includes('Contract') && cells.includes('Cash Flow'),
  required: ['Currency', 'Contract', 'Type', 'Direction', 'Cash Flow', TIME],
  create: (_h, ctx) => {
    const groups = new Map<
      string,
      { legs: Leg[]; fees: Leg[]; time: string; first: number; id: string | null }
    >();
    return {
      row(row) {
        const type = row.req('Type').toUpperCase();
        const lines = [row.line];
        const time = row.time(TIME);
        const asset = row.req('Currency').toUpperCase();
        const flow = row.reqAmount('Cash Flow');
        if (type === 'TRADE') {
          const key = `${time}|${row.text('Contract')}|${row.text('Direction')}|${row.text('Order ID')}`;
          const g = groups.get(key) ?? { legs: [], fees: [], time, first: row.line, id: row.opt('Order ID') };
          g.legs.push({ line: row.line, asset, amount: flow });
          const fee = row.amount('Fee Paid');
          if (fee && !fee.isZero()) g.fees.push({ line: row.line, asset, amount: fee.abs() });
          groups.set(key, g);
          return;
        }
        if (/^TRANSFER_?(IN|OUT)$/.test(type))
          return ctx.skip(lines, 'internal transfer between Bybit accounts');
        if (type === 'DEPOSIT' || type === 'WITHDRAW') {
          const out = type === 'WITHDRAW';
          const leg = money(asset, flow);
          return ctx.emit(
            tx({
              timestamp: time,
              kind: out ? 'withdrawal' : 'deposit',
              lines,
              sent: out ? leg : null,
              received: out ? null : leg,
            }),
          );
        }
        return ctx.skip(lines, `derivatives/other entry "${type}" is not supported for spot tax reporting`);
      },
      end() {
        for (const g of groups.values()) {
          ctx.guard(g.first, () => {
            const out = combineLegs(
              g.legs,
              g.fees,
              { timestamp: g.time, external_id: g.id },
              { requireBoth: true },
            );
            if (!out)
              throw new RowProblem(
                'Cash Flow',
                'the rows of this fill do not pair into one debit and one credit',
              );
            for (const t of out) ctx.emit(t);
          });
        }
      },
    };
  },
};
