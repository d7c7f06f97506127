import { money, tx } from '../core/records.ts';
import type { Row } from '../core/row.ts';
import type { FormatDefinition } from '../core/types.ts';
import { hashOf, nativeSymbol, OwnAddress, same, TX_HASH } from './etherscan-common.ts';

/** Etherscan internal transactions (§7.1): value moved by contracts; Status 1 = failed; no fee. */
export const etherscanInternal: FormatDefinition = {
  id: 'etherscan-internal',
  label: 'Etherscan internal transactions',
  detect: (cells) => TX_HASH.test(cells[0] ?? '') && cells.includes('ParentTxFrom'),
  required: [TX_HASH, 'UnixTimestamp', 'From', 'TxTo', /^Value_IN\(/, /^Value_OUT\(/],
  create: (header, ctx) => {
    const asset = nativeSymbol(header);
    const own = new OwnAddress(ctx);
    const rows: Row[] = [];
    return {
      row(row) {
        row.reqAmount(/^Value_IN\(/);
        own.observe(row.opt('From'), row.opt('TxTo'));
        rows.push(row);
      },
      end() {
        const me = own.value();
        for (const row of rows) {
          ctx.guard(row.line, () => {
            const from = row.opt('From');
            const to = row.opt('TxTo');
            const lines = [row.line];
            if (row.text('Status') === '1')
              return ctx.skip(lines, `failed internal transaction (${row.text('ErrCode')})`);
            const incoming = same(to, me);
            if (!incoming && !same(from, me))
              return ctx.skip(lines, 'transfer does not involve the wallet address');
            const value = row.reqAmount(incoming ? /^Value_IN\(/ : /^Value_OUT\(/);
            if (value.isZero()) return ctx.skip(lines, 'internal transaction without value');
            const leg = money(asset, value);
            ctx.emit(
              tx({
                timestamp: row.time('UnixTimestamp', 'unix'),
                kind: incoming ? 'deposit' : 'withdrawal',
                lines,
                sent: incoming ? null : leg,
                received: incoming ? leg : null,
                tx_hash: hashOf(row),
                from_address: from,
                to_address: to,
              }),
            );
          });
        }
      },
    };
  },
};
