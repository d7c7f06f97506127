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
    return disposalText(this.line);
  }
}

/** A disposal line as JSON.stringify prints `printed(d)`, built by hand (see DisposalJson). */
export function disposalText(d: DisposalLine): string {
  const lots = d.lots;
  let lotsText = '';
  for (let i = 0; i < lots.length; i++) {
    const text = lotText(lots[i]!);
    if (text === null) return JSON.stringify(printed(d));
    lotsText = i === 0 ? text : `${lotsText},${text}`;
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
  )
    return JSON.stringify(printed(d));
  let text = `{"asset":${quotedOnce(d.asset)},"amount":"${d.amount}","acquiredAt":"${d.acquiredAt}","disposedAt":"${d.disposedAt}","proceeds":"${d.proceeds}","costBasis":"${d.costBasis}","gain":"${d.gain}","term":"${d.term}","category":"${d.category}","wallet":${quotedOnce(d.wallet)},"lots":[${lotsText}],"txId":${quoted(d.txId)},"taxable":${d.taxable}`;
  if (d.sellWithoutBuy) text += `,"sellWithoutBuy":${JSON.stringify(d.sellWithoutBuy)}`;
  if (d.missingPrice) text += ',"missingPrice":true';
  if (d.basisUnknown) text += ',"basisUnknown":true';
  if (d.fairMarketValue) text += `,"fairMarketValue":${JSON.stringify(d.fairMarketValue)}`;
  return `${text}}`;
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
    ...(d.basisUnknown ? { basisUnknown: true } : {}),
    ...(d.fairMarketValue ? { fairMarketValue: d.fairMarketValue } : {}),
  } as Record<string, unknown> & DisposalLine;
}

/** A lot use as JSON.stringify prints it; null when it is not the engine's usual shape. */
function lotText(lot: LotUse): string | null {
  const keys = Object.keys(lot);
  if (
    keys.length !== 5 ||
    keys[0] !== 'lotId' ||
    keys[1] !== 'acquiredAt' ||
    keys[2] !== 'acquiredTimestamp' ||
    keys[3] !== 'amount' ||
    keys[4] !== 'costBasis' ||
    typeof lot.acquiredAt !== 'string' ||
    typeof lot.amount !== 'string' ||
    typeof lot.costBasis !== 'string'
  )
    return null;
  const id = lot.lotId === null ? 'null' : typeof lot.lotId === 'string' ? quoted(lot.lotId) : null;
  const at =
    lot.acquiredTimestamp === null
      ? 'null'
      : typeof lot.acquiredTimestamp === 'string'
        ? `"${lot.acquiredTimestamp}"`
        : null;
  if (id === null || at === null) return null;
  return `{"lotId":${id},"acquiredAt":"${lot.acquiredAt}","acquiredTimestamp":${at},"amount":"${lot.amount}","costBasis":"${lot.costBasis}"}`;
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
