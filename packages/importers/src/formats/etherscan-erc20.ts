import { money, tx } from '../core/records.ts';
import type { Row } from '../core/row.ts';
import type { FormatDefinition } from '../core/types.ts';
import { hashOf, OwnAddress, same, TX_HASH } from './etherscan-common.ts';

/**
 * Etherscan ERC-20 token transfers (§7.1), current and older (`Value`) layouts. Obvious spam
 * tokens (names with links or claims, `ERC-20 TOKEN*`) are reported as skipped, not imported.
 */
const VALUE = /^(TokenValue|Value|Quantity)$/;
const SPAM = /https?:|www\.|\.(com|io|org|net|xyz)\b|\bvisit\b|\bclaim|\*/i;

/** The token's contract on the chain the explorer serves (Etherscan's layout: Ethereum unless told). */
function contractOf(address: string | null): string | null {
  return address && /^0x[0-9a-fA-F]{40}$/.test(address) ? `ethereum:${address.toLowerCase()}` : null;
}

export const etherscanErc20: FormatDefinition = {
  id: 'etherscan-erc20',
  label: 'Etherscan ERC-20 token transfers',
  detect: (cells) =>
    TX_HASH.test(cells[0] ?? '') &&
    (cells.includes('TokenSymbol') || cells.includes('TokenName') || cells.includes('TokenValue')),
  required: [TX_HASH, 'UnixTimestamp', 'From', 'To', VALUE, 'TokenSymbol'],
  create: (_h, ctx) => {
    const own = new OwnAddress(ctx);
    const rows: Row[] = [];
    return {
      row(row) {
        row.reqAmount(VALUE);
        own.observe(row.opt('From'), row.opt('To'));
        rows.push(row);
      },
      end() {
        const me = own.value();
        for (const row of rows) {
          ctx.guard(row.line, () => {
            const lines = [row.line];
            const symbol = row.req('TokenSymbol');
            const name = row.text('TokenName');
            if (SPAM.test(symbol) || SPAM.test(name))
              return ctx.skip(lines, `likely spam token "${symbol}" (${name})`);
            const from = row.opt('From');
            const to = row.opt('To');
            const incoming = same(to, me);
            if (!incoming && !same(from, me))
              return ctx.skip(lines, 'transfer does not involve the wallet address');
            const leg = money(symbol, row.reqAmount(VALUE));
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
                note: row.opt('ContractAddress'),
                token_contract: contractOf(row.opt('ContractAddress')),
              }),
            );
          });
        }
      },
    };
  },
};
