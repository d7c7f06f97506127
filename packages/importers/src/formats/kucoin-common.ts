import { splitPair } from '../core/assets.ts';
import { feeColumns } from '../core/fee-column.ts';
import type { Header } from '../core/header.ts';
import { exchange, money } from '../core/records.ts';
import { RowProblem } from '../core/row.ts';
import { headerOffset, TimeError } from '../core/time.ts';
import type { FormatParser, ParseContext } from '../core/types.ts';

/**
 * KuCoin spot exports (§6.2). The time zone is in the header (`Filled Time(UTC+08:00)`);
 * without one KuCoin used UTC+8. `Filled Volume (USDT)` is a stablecoin value, not a fiat value.
 */
const FILLED_TIME = /^Filled Time/;

export function kucoinAmountOptions(header: Header) {
  // Locale exports with `;` use a decimal comma (`95,317` = 95.317).
  return header.delimiter === ';' ? { decimalComma: true } : { grouping: true };
}

export function createKucoinParser(header: Header, ctx: ParseContext): FormatParser {
  const timeName = header.nameOf(FILLED_TIME);
  let offset = 8 * 60;
  try {
    if (timeName && /UTC/i.test(timeName)) offset = headerOffset(timeName);
  } catch (e) {
    // Reported against the header row by the driver: no row can be read with a false zone.
    if (e instanceof TimeError) throw new RowProblem(timeName, e.message);
    throw e;
  }
  return {
    row(row) {
      const status = row.opt('Status');
      const filled = row.reqUnsignedAmount('Filled Amount');
      if (status === 'cancel' || filled.isZero())
        return ctx.skip([row.line], `order not filled (status ${status ?? 'empty'})`);
      const symbol = row.req('Symbol');
      const pair = splitPair(symbol);
      if (!pair) throw row.problem('Symbol', `cannot split symbol "${symbol}" into base and quote`);
      const side = row.req('Side').toUpperCase();
      if (side !== 'BUY' && side !== 'SELL') throw row.problem('Side', `expected BUY or SELL, got "${side}"`);
      const base = money(pair[0], filled);
      const quote = money(pair[1], row.reqUnsignedAmount('Filled Volume'));
      ctx.emit(
        exchange({
          timestamp: row.time(FILLED_TIME, 'iso', offset),
          lines: [row.line],
          sent: side === 'BUY' ? quote : base,
          received: side === 'BUY' ? base : quote,
          fee: feeColumns(row, 'Fee', 'Fee Currency'),
          external_id: row.opt('Order ID'),
          note: status === 'part_deal' ? 'partially filled order' : null,
        }),
      );
    },
  };
}
