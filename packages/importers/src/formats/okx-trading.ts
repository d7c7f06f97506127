import { combineLegs, type Leg } from '../core/pairs.ts';
import { RowProblem } from '../core/row.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * OKX trading account history (§6.6), 2021–2025 layouts. Each fill is two rows sharing
 * `Order id`; the row's asset is `Balance Unit` (2023+) or the second `Unit` (2021–22), not
 * `Trading Unit`. Balance Change = gross + Fee (fee negative), so gross = Balance Change − Fee.
 * Times are in the user's export setting; they are read as UTC.
 */
interface Group {
  legs: Leg[];
  fees: Leg[];
  time: string;
  first: number;
}

export const okxTrading: FormatDefinition = {
  id: 'okx-trading',
  label: 'OKX trading account history',
  detect: (cells) => cells[0] === 'id' && cells[1] === 'Order id' && cells.includes('Trade Type'),
  required: ['Order id', 'Time', 'Trade Type', 'Fee', 'Balance Change'],
  create: (header, ctx) => {
    const unitCol = header.has('Balance Unit') ? { name: 'Balance Unit', nth: 0 } : { name: 'Unit', nth: 1 };
    const feeUnitCol = header.has('Fee Unit') ? 'Fee Unit' : null;
    const groups = new Map<string, Group>();
    return {
      row(row) {
        const lines = [row.line];
        const type = row.req('Trade Type');
        if (type === 'Transfer') return ctx.skip(lines, 'internal transfer between OKX accounts');
        if (type !== 'Spot')
          return ctx.skip(lines, `derivatives trade type "${type}" is not supported for spot tax reporting`);
        const order = row.opt('Order id') ?? `row${row.line}`;
        const asset = row.req(unitCol.name, unitCol.nth).toUpperCase();
        const change = row.reqAmount('Balance Change');
        const fee = row.amount('Fee');
        const feeAsset = feeUnitCol ? (row.opt(feeUnitCol) ?? asset).toUpperCase() : asset;
        const time = row.time('Time');
        const g = groups.get(order) ?? { legs: [], fees: [], time, first: row.line };
        const feeOnLeg = fee && feeAsset === asset ? fee : null;
        g.legs.push({ line: row.line, asset, amount: feeOnLeg ? change.minus(feeOnLeg) : change });
        if (fee && !fee.isZero()) g.fees.push({ line: row.line, asset: feeAsset, amount: fee.abs() });
        groups.set(order, g);
      },
      end() {
        for (const [order, g] of groups) {
          ctx.guard(g.first, () => {
            const out = combineLegs(
              g.legs,
              g.fees,
              { timestamp: g.time, external_id: order },
              { requireBoth: true },
            );
            if (!out)
              throw new RowProblem('Order id', `cannot combine the rows of order ${order} into one trade`);
            for (const t of out) ctx.emit(t);
          });
        }
      },
    };
  },
};
