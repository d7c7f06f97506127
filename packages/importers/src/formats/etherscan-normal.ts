import type { Decimal } from '../core/decimal.ts';
import { feeOf, money, tx } from '../core/records.ts';
import type { Row } from '../core/row.ts';
import type { FormatDefinition } from '../core/types.ts';
import { hashOf, nativeSymbol, OwnAddress, same, TX_HASH } from './etherscan-common.ts';

/**
 * Etherscan normal transactions (§7.1). Rows are buffered until the end because, without
 * `--address`, the wallet's address is inferred from the whole file. TxnFee is booked only
 * when the wallet sent the transaction; failed transactions cost their fee only.
 */
export const etherscanNormal: FormatDefinition = {
  id: 'etherscan-normal',
  label: 'Etherscan normal transactions (and Etherscan-family explorers)',
  detect: (cells) =>
    TX_HASH.test(cells[0] ?? '') &&
    cells.includes('UnixTimestamp') &&
    cells.some((c) => c.startsWith('TxnFee(')),
  required: [TX_HASH, 'UnixTimestamp', 'From', 'To', /^Value_IN\(/, /^Value_OUT\(/, /^TxnFee\(/],
  create: (header, ctx) => {
    const asset = nativeSymbol(header);
    const own = new OwnAddress(ctx);
    const rows: Row[] = [];
    return {
      row(row) {
        row.reqAmount(/^Value_IN\(/);
        row.reqAmount(/^Value_OUT\(/);
        own.observe(row.opt('From'), row.opt('To'));
        rows.push(row);
      },
      end() {
        const me = own.value();
        for (const row of rows) {
          ctx.guard(row.line, () => {
            const from = row.opt('From');
            const to = row.opt('To');
            const valueIn = row.reqAmount(/^Value_IN\(/);
            const valueOut = row.reqAmount(/^Value_OUT\(/);
            const fee = row.amount(/^TxnFee\(/);
            const base = {
              timestamp: row.time('UnixTimestamp', 'unix'),
              lines: [row.line],
              tx_hash: hashOf(row),
              from_address: from,
              to_address: to,
              note: row.opt('Method'),
            };
            const mine = same(from, me);
            const failed = row.opt('Status') !== null;
            if (!mine && !same(to, me))
              return ctx.skip(base.lines, 'transaction does not involve the wallet address');
            if (failed) {
              if (!mine) return ctx.skip(base.lines, 'failed transaction sent by someone else');
              return ctx.emit(tx({ ...base, kind: 'fee', subtype: 'failed', fee: feeOf(asset, fee) }));
            }
            const moved: Decimal = mine ? valueOut : valueIn;
            if (!moved.isZero()) {
              const leg = money(asset, moved);
              return ctx.emit(
                tx({
                  ...base,
                  kind: mine ? 'withdrawal' : 'deposit',
                  sent: mine ? leg : null,
                  received: mine ? null : leg,
                  fee: mine ? feeOf(asset, fee) : null,
                }),
              );
            }
            if (mine)
              return ctx.emit(tx({ ...base, kind: 'fee', subtype: 'contract call', fee: feeOf(asset, fee) }));
            ctx.skip(base.lines, 'incoming contract call without value');
          });
        }
      },
    };
  },
};
