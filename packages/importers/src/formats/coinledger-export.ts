import { combineLegs, type Leg } from '../core/pairs.ts';
import { RowProblem } from '../core/row.ts';
import type { FormatDefinition } from '../core/types.ts';
import { COINLEDGER_IN, COINLEDGER_KNOWN, COINLEDGER_OUT, COINLEDGER_TRADES } from './coinledger-types.ts';

/**
 * CoinLedger transaction export (§8.3): one row per asset movement, grouped by `Internal Id`;
 * `Record Type` tells legs (Credit/Debit/Margin Gain) from fees (Platform Fee/Network Fee).
 */
interface Group {
  legs: Leg[];
  fees: Leg[];
  time: string;
  type: string;
  typeLabel: string;
  first: number;
  txHash: string | null;
  note: string | null;
}

export const coinledgerExport: FormatDefinition = {
  id: 'coinledger-export',
  label: 'CoinLedger transaction export',
  detect: (cells) => cells[0] === 'Timestamp (UTC)' && cells.includes('Internal Id'),
  required: ['Timestamp (UTC)', 'Type', 'Internal Id', 'Record Type', 'Asset', 'Amount'],
  create: (_h, ctx) => {
    const groups = new Map<string, Group>();
    return {
      row(row) {
        const id = row.req('Internal Id');
        const type = row.text('Type').toLowerCase();
        if (!COINLEDGER_KNOWN.has(type))
          throw row.problem('Type', `unknown CoinLedger type "${row.text('Type')}"`);
        const record = row.req('Record Type').toLowerCase();
        const leg: Leg = {
          line: row.line,
          asset: row.req('Asset').toUpperCase(),
          amount: row.reqAmount('Amount'),
        };
        const g: Group = groups.get(id) ?? {
          legs: [],
          fees: [],
          time: row.time('Timestamp (UTC)'),
          type,
          typeLabel: row.text('Type'),
          first: row.line,
          txHash: row.opt('Blockchain Id'),
          note: row.opt('Description'),
        };
        if (record.endsWith('fee')) g.fees.push(leg);
        else if (['credit', 'debit', 'margin gain'].includes(record)) g.legs.push(leg);
        else throw row.problem('Record Type', `unknown record type "${row.text('Record Type')}"`);
        groups.set(id, g);
      },
      end() {
        for (const [id, g] of groups) {
          ctx.guard(g.first, () => {
            const single = COINLEDGER_IN[g.type] ?? COINLEDGER_OUT[g.type];
            const out = combineLegs(
              g.legs,
              g.fees,
              {
                timestamp: g.time,
                external_id: id,
                tx_hash: g.txHash,
                note: g.note,
                label: g.typeLabel || null,
              },
              {
                inKind: COINLEDGER_IN[g.type]?.kind,
                outKind: COINLEDGER_OUT[g.type]?.kind,
                subtype: single?.subtype ?? null,
                requireBoth: COINLEDGER_TRADES.has(g.type),
              },
            );
            if (!out)
              throw new RowProblem('Internal Id', `cannot combine the rows of ${id} into one transaction`);
            for (const t of out) ctx.emit(t);
          });
        }
      },
    };
  },
};
