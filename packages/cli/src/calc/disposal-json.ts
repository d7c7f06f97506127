import type { DisposalLine, LotUse } from '@lotwise/engine/types';
import { OwnJson } from './write-json.ts';

/**
 * A disposal line of a long list, printed by hand as `JSON.stringify` prints the object
 * `yearJson` makes of it (the same keys in the same order, the same escapes): a million-row
 * result has half a million of them, and building the text directly takes a quarter of the
 * time of making each object and stringifying it. `writeJson` prints `toText()` in its place.
 * The engine's own figures, days, timestamps, terms and categories (fixedString, ymdString,
 * isoString, its enums: digits, letters, `-`, `.`, `:`, `_`) go between quotes as they are;
 * the strings that come from the files (ids, assets, wallets) are escaped where they need it.
 */
export class DisposalJson extends OwnJson {
  constructor(private readonly line: DisposalLine) {
    super();
  }

  toText(): string {
    const parts: string[] = [];
    this.toParts(parts);
    return parts.join('');
  }

  override toParts(parts: string[]): void {
    const d = this.line;
    const lots = d.lots;
    for (let i = 0; i < lots.length; i++) {
      if (!usualLot(lots[i]!)) {
        parts.push(JSON.stringify(printed(d)));
        return;
      }
    }
    if (
      typeof d.amount !== 'string' ||
      typeof d.acquiredAt !== 'string' ||
      typeof d.disposedAt !== 'string' ||
      typeof d.proceeds !== 'string' ||
      typeof d.costBasis !== 'string' ||
      typeof d.gain !== 'string' ||
      typeof d.term !== 'string' ||
      typeof d.category !== 'string' ||
      typeof d.asset !== 'string' ||
      typeof d.wallet !== 'string' ||
      typeof d.txId !== 'string' ||
      typeof d.taxable !== 'boolean'
    ) {
      parts.push(JSON.stringify(printed(d)));
      return;
    }
    parts.push(
      '{"asset":',
      quotedOnce(d.asset),
      ',"amount":"',
      d.amount,
      '","acquiredAt":"',
      d.acquiredAt,
      '","disposedAt":"',
      d.disposedAt,
      '","proceeds":"',
      d.proceeds,
      '","costBasis":"',
      d.costBasis,
      '","gain":"',
      d.gain,
      '","term":"',
      d.term,
      '","category":"',
      d.category,
      '","wallet":',
      quotedOnce(d.wallet),
      ',"lots":[',
    );
    for (let i = 0; i < lots.length; i++) {
      const lot = lots[i]!;
      parts.push(
        i === 0 ? '{"lotId":' : ',{"lotId":',
        lot.lotId === null ? 'null' : quoted(lot.lotId),
        ',"acquiredAt":"',
        lot.acquiredAt,
        '","acquiredTimestamp":',
        lot.acquiredTimestamp === null ? 'null' : `"${lot.acquiredTimestamp}"`,
        ',"amount":"',
        lot.amount,
        '","costBasis":"',
        lot.costBasis,
        '"}',
      );
    }
    parts.push('],"txId":', quoted(d.txId), d.taxable ? ',"taxable":true' : ',"taxable":false');
    if (d.sellWithoutBuy) parts.push(',"sellWithoutBuy":', JSON.stringify(d.sellWithoutBuy));
    if (d.missingPrice) parts.push(',"missingPrice":true');
    if (d.fairMarketValue) parts.push(',"fairMarketValue":', JSON.stringify(d.fairMarketValue));
    parts.push('}');
  }
}

/** The printed fields of a disposal line (what `lotwise calc --json` shows of it). */
export function printed(d: DisposalLine): Record<string, unknown> & DisposalLine {
  return {
    asset: d.asset,
    amount: d.amount,
    acquiredAt: d.acquiredAt,
    disposedAt: d.disposedAt,
    proceeds: d.proceeds,
    costBasis: d.costBasis,
    gain: d.gain,
    term: d.term,
    category: d.category,
    wallet: d.wallet,
    lots: d.lots,
    txId: d.txId,
    taxable: d.taxable,
    ...(d.sellWithoutBuy ? { sellWithoutBuy: d.sellWithoutBuy } : {}),
    ...(d.missingPrice ? { missingPrice: true } : {}),
    ...(d.fairMarketValue ? { fairMarketValue: d.fairMarketValue } : {}),
  } as Record<string, unknown> & DisposalLine;
}

/** A lot use's keys in the engine's order (JSON.stringify prints them in this order). */
const LOT_KEYS = ['lotId', 'acquiredAt', 'acquiredTimestamp', 'amount', 'costBasis'];

/**
 * A lot use of the engine's usual shape, which toParts prints by hand: exactly LOT_KEYS, in
 * order (counted with for-in, which builds no array of keys per lot as Object.keys did; an
 * inherited enumerable key also fails the check, and such a lot is printed by JSON.stringify).
 */
function usualLot(lot: LotUse): boolean {
  let n = 0;
  for (const key in lot) {
    if (key !== LOT_KEYS[n]) return false;
    n++;
  }
  return (
    n === 5 &&
    typeof lot.acquiredAt === 'string' &&
    typeof lot.amount === 'string' &&
    typeof lot.costBasis === 'string' &&
    (lot.lotId === null || typeof lot.lotId === 'string') &&
    (lot.acquiredTimestamp === null || typeof lot.acquiredTimestamp === 'string')
  );
}

/** Printable ASCII without `"` or `\`: JSON.stringify writes such a string between quotes as it is. */
const PLAIN = /^[ !#-[\]-~]*$/;

function quoted(value: string): string {
  return PLAIN.test(value) ? `"${value}"` : JSON.stringify(value);
}

/** Assets and wallets: a few distinct strings, each quoted once. */
const quotes = new Map<string, string>();
function quotedOnce(value: string): string {
  let text = quotes.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    if (quotes.size >= 10_000) quotes.clear();
    quotes.set(value, text);
  }
  return text;
}
