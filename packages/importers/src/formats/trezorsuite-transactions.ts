import { Decimal } from '../core/decimal.ts';
import { fiat, money, tx } from '../core/records.ts';
import { RowProblem } from '../core/row.ts';
import type { FormatDefinition } from '../core/types.ts';

/**
 * Trezor Suite export (§7.5): `;`-delimited, one row per counterparty address with the fee
 * repeated on each row; rows are grouped by `Transaction ID`, amounts summed, the fee counted
 * once. Fiat values use `,` grouping (harmless because the delimiter is `;`).
 */
interface Group {
  type: string;
  time: string;
  lines: number[];
  amount: Decimal;
  fee: Decimal | null;
  fiat: Decimal | null;
  asset: string;
  feeAsset: string;
  addresses: string[];
  label: string | null;
}

export const trezorsuiteTransactions: FormatDefinition = {
  id: 'trezorsuite-transactions',
  label: 'Trezor Suite transactions',
  detect: (cells) =>
    cells[0] === 'Timestamp' && cells.includes('Transaction ID') && cells.includes('Fee unit'),
  required: ['Timestamp', 'Type', 'Transaction ID', 'Amount', 'Amount unit'],
  amountOptions: () => ({ grouping: true }),
  create: (header, ctx) => {
    const fiatCol = header.nameOf(/^Fiat \(/);
    const fiatCurrency = fiatCol?.match(/\((\w+)\)/)?.[1] ?? null;
    const groups = new Map<string, Group>();
    return {
      row(row) {
        const id = row.req('Transaction ID');
        const amountText = row.text('Amount');
        if (/^ID\b/i.test(amountText)) return ctx.skip([row.line], 'NFT transfer');
        const amount = row.reqAmount('Amount').abs();
        const g: Group = groups.get(id) ?? {
          type: row.req('Type').toUpperCase(),
          time: row.time('Timestamp', 'unix'),
          lines: [],
          amount: new Decimal(0),
          fee: row.amount('Fee')?.abs() ?? null,
          fiat: null,
          asset: row.req('Amount unit'),
          feeAsset: row.opt('Fee unit') ?? row.req('Amount unit'),
          addresses: [],
          label: row.opt('Label'),
        };
        g.lines.push(row.line);
        g.amount = g.amount.plus(amount);
        const value = fiatCol ? row.amount(fiatCol) : null;
        if (value !== null) g.fiat = (g.fiat ?? new Decimal(0)).plus(value.abs());
        const address = row.opt('Address');
        if (address) g.addresses.push(address);
        groups.set(id, g);
      },
      end() {
        for (const [id, g] of groups) {
          ctx.guard(g.lines[0] ?? 0, () => {
            const base = {
              timestamp: g.time,
              lines: g.lines,
              tx_hash: id,
              note: g.label,
              fiat_value: fiatCurrency && g.fiat && !g.fiat.isZero() ? fiat(fiatCurrency, g.fiat) : null,
            };
            const fee = g.fee && !g.fee.isZero() ? money(g.feeAsset, g.fee) : null;
            if (g.type === 'RECV') {
              return ctx.emit(
                tx({
                  ...base,
                  kind: 'deposit',
                  received: money(g.asset, g.amount),
                  to_address: g.addresses[0] ?? null,
                }),
              );
            }
            if (g.type === 'SENT') {
              return ctx.emit(
                tx({
                  ...base,
                  kind: 'withdrawal',
                  sent: money(g.asset, g.amount),
                  fee,
                  to_address: g.addresses.join(' ') || null,
                }),
              );
            }
            if (g.type === 'SELF' || g.type === 'FAILED') {
              if (!fee) return ctx.skip(g.lines, `${g.type} transaction without a fee`);
              return ctx.emit(
                tx({
                  ...base,
                  kind: 'fee',
                  subtype: g.type === 'SELF' ? 'self transfer' : 'failed',
                  fee,
                  fiat_value: null,
                }),
              );
            }
            throw new RowProblem('Type', `unknown Trezor Suite transaction type "${g.type}"`);
          });
        }
      },
    };
  },
};
