import { AmountError, type Decimal, parseAmount } from '../core/decimal.ts';
import type { Header } from '../core/header.ts';
import { combineLegs, type Leg } from '../core/pairs.ts';
import type { Row } from '../core/row.ts';
import { parseTime, TimeError } from '../core/time.ts';
import type { FormatDefinition } from '../core/types.ts';
import { splitUnit } from '../core/units.ts';

/**
 * Gemini transaction history (§6.1): one `<A> Amount <A>` / `Fee (<A>) <A>` column pair per
 * asset. CSV re-saves carry `$`, grouping, `(…)` negatives, unit suffixes and trailing spaces.
 */
interface AssetColumns {
  asset: string;
  amount: string;
  fee: string | null;
}

function assetColumns(header: Header): AssetColumns[] {
  const out: AssetColumns[] = [];
  for (const name of header.names) {
    const m = name.match(/^(\w+) Amount (\w+)$/);
    if (!m || m[1] !== m[2]) continue;
    const a = m[1] as string;
    const fee = header.names.find(
      (n) => n === `Fee (${a}) ${a}` || n === `Trading Fee (${a}) ${a}` || n === `Fee ${a}`,
    );
    out.push({ asset: a.toUpperCase(), amount: name, fee: fee ?? null });
  }
  return out;
}

function value(row: Row, col: string, asset: string): Decimal | null {
  const raw = row.text(col);
  try {
    return parseAmount(raw);
  } catch {
    try {
      const split = splitUnit(raw, [asset]);
      if (split && split.asset !== asset)
        throw new AmountError(`"${raw}" is in ${split.asset}, expected ${asset}`);
      return split?.amount ?? null;
    } catch (e) {
      if (e instanceof AmountError) throw row.problem(col, e.message);
      throw e;
    }
  }
}

export const geminiHistory: FormatDefinition = {
  id: 'gemini-history',
  label: 'Gemini transaction history',
  detect: (cells) => cells[0] === 'Date' && cells[1] === 'Time (UTC)',
  required: ['Date', 'Time (UTC)', 'Type'],
  create: (header, ctx) => {
    const assets = assetColumns(header);
    return {
      row(row) {
        const type = row.req('Type');
        if (!['Buy', 'Sell', 'Credit', 'Debit'].includes(type)) {
          throw row.problem('Type', `unsupported Gemini transaction type "${type}"`);
        }
        let timestamp: string;
        try {
          timestamp = parseTime(`${row.req('Date')} ${row.req('Time (UTC)')}`);
        } catch (e) {
          if (e instanceof TimeError) throw row.problem('Date', e.message);
          throw e;
        }
        const legs: Leg[] = [];
        const fees: Leg[] = [];
        for (const a of assets) {
          const amount = value(row, a.amount, a.asset);
          if (amount && !amount.isZero()) legs.push({ line: row.line, asset: a.asset, amount });
          const fee = a.fee ? value(row, a.fee, a.asset) : null;
          if (fee && !fee.isZero()) fees.push({ line: row.line, asset: a.asset, amount: fee });
        }
        const trade = type === 'Buy' || type === 'Sell';
        const out = combineLegs(
          legs,
          fees,
          {
            timestamp,
            external_id: row.opt('Trade ID'),
            tx_hash: row.opt('Tx Hash'),
            to_address: row.opt('Withdrawal Destination'),
            note: row.opt('Specification'),
          },
          { requireBoth: trade, inKind: 'deposit', outKind: 'withdrawal' },
        );
        if (!out) {
          throw row.problem(
            null,
            `cannot read a ${type} from the amount columns (expected ${trade ? 'one asset out and one in' : 'one asset'})`,
          );
        }
        for (const t of out) ctx.emit(t);
      },
    };
  },
};
