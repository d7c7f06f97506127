import { classificationOf } from '@lotwise/engine/label-classification';
import type { EngineTransaction } from '@lotwise/engine/types';
import { isFiat } from '@lotwise/importers/core/assets';
import { isPlaceholder } from '@lotwise/importers/core/decimal';
import { assetCode } from '@lotwise/importers/core/records';
import { plainCanonical } from '@lotwise/importers/core/row';
import { parseTime, TimeError } from '@lotwise/importers/core/time';
import {
  KOINLY_INCOME_TAGS,
  KOINLY_SPEND_TAGS,
  UNIVERSAL_COLUMNS,
} from '@lotwise/importers/formats/koinly-universal';
import type { LineReader } from '@lotwise/importers/parse';

/** The universal template's columns in the template's own order: the only header read here. */
const COLUMNS: readonly string[] = UNIVERSAL_COLUMNS;

const TX_HASH_LIMIT = 200;

type Leg = { asset: string; amount: string };

/**
 * The CLI's reader of the universal template's plain lines (importers' `parseFileEach`): each
 * line straight into the engine's row, without the cells' Row, the legs' Decimals or the
 * normalised record. It takes only lines whose every read cell is in the plain form the
 * koinly-universal parser reads to the same result (plain amounts, upper-case codes, a
 * timestamp parseTime reads, a label of the template's tables); any other line, and every line
 * with a problem, is the parser's, so errors and their texts stay the parser's.
 */
export function universalLines(wallet: string, rows: EngineTransaction[], lines: number[]): LineReader {
  return {
    format: 'koinly-universal',
    forHeader(names, delimiter) {
      if (delimiter !== ',' || names.length !== COLUMNS.length) return null;
      for (let i = 0; i < COLUMNS.length; i++) if (names[i] !== COLUMNS[i]) return null;
      return (line, lineNo) => {
        const row = universalRow(line, wallet);
        if (row === null) return false;
        rows.push(row);
        lines.push(lineNo);
        return true;
      };
    },
  };
}

/** The ends of a line's twelve cells (CUTS[i] is the offset after cell i). */
const CUTS = new Int32Array(12);

/** Fills CUTS; false unless the line has exactly twelve cells. */
function cut(line: string): boolean {
  let from = 0;
  for (let i = 0; i < 11; i++) {
    const at = line.indexOf(',', from);
    if (at === -1) return false;
    CUTS[i] = at;
    from = at + 1;
  }
  if (line.indexOf(',', from) !== -1) return false;
  CUTS[11] = line.length;
  return true;
}

function startOf(i: number): number {
  return i === 0 ? 0 : CUTS[i - 1]! + 1;
}

/** The engine's row for one line (loadWallets' engineRow of the parser's record), or null. */
function universalRow(line: string, wallet: string): EngineTransaction | null {
  // A NUL anywhere: the parser's (it refuses one in any cell it reads).
  if (!cut(line) || line.indexOf('\u0000') !== -1) return null;
  // The parser's reading order: net worth, label, its currency, then the date and the legs.
  const worth = amountAt(line, 7);
  if (worth === undefined) return null;
  const currencyStart = startOf(8);
  const currencyEnd = CUTS[8]!;
  const hasCurrency = currencyEnd > currencyStart;
  if (hasCurrency && !isCode(line, currencyStart, currencyEnd, 8)) return null;
  if (worth !== null && !hasCurrency) return null;
  const dateStart = startOf(0);
  const dateLength = CUTS[0]! - dateStart;
  if (dateLength !== 19 && dateLength !== 20) return null;
  let timestamp: string;
  try {
    timestamp = parseTime(line.slice(dateStart, CUTS[0]!), 'iso');
  } catch (e) {
    if (e instanceof TimeError) return null;
    throw e;
  }
  const sent = legAt(line, 1);
  if (sent === undefined) return null;
  const received = legAt(line, 3);
  if (received === undefined) return null;
  const fee = legAt(line, 5);
  if (fee === undefined) return null;
  const hashStart = startOf(11);
  const hashEnd = CUTS[11]!;
  if (hashEnd > hashStart && !plainText(line, hashStart, hashEnd, TX_HASH_LIMIT)) return null;
  const labelStart = startOf(9);
  const labelCell = CUTS[9]! > labelStart ? line.slice(labelStart, CUTS[9]!) : '';
  if (
    labelCell !== '' &&
    !Object.hasOwn(KOINLY_INCOME_TAGS, labelCell) &&
    !Object.hasOwn(KOINLY_SPEND_TAGS, labelCell)
  )
    return null;
  const label = labelCell === '' ? null : labelCell;
  const fiat =
    worth !== null ? { currency: assetCode(line.slice(currencyStart, currencyEnd)), amount: worth } : null;
  // fromLegs: the kind from the legs, refined by the label (own keys of its tables only).
  let kind: string;
  let subtype: string | null;
  let fiatValue = fiat;
  if (sent && received) {
    const s = isFiat(sent.asset);
    const r = isFiat(received.asset);
    kind = s && !r ? 'buy' : !s && r ? 'sell' : 'trade';
    subtype = label;
    if (fiatValue === null) {
      if (kind === 'buy') fiatValue = { currency: sent.asset, amount: sent.amount };
      else if (kind === 'sell') fiatValue = { currency: received.asset, amount: received.amount };
    }
  } else if (received) {
    const mapped = label === null ? undefined : KOINLY_INCOME_TAGS[label];
    kind = mapped?.kind ?? 'deposit';
    subtype = mapped?.subtype ?? null;
  } else if (sent) {
    const mapped = label === null ? undefined : KOINLY_SPEND_TAGS[label];
    kind = mapped?.kind ?? 'withdrawal';
    subtype = mapped?.subtype ?? null;
  } else if (fee) {
    kind = 'fee';
    subtype = null;
  } else {
    return null;
  }
  // Only transfer matching reads the hash, and only of deposits and withdrawals.
  const txHash =
    (kind === 'deposit' || kind === 'withdrawal') && hashEnd > hashStart
      ? hashAt(line, hashStart, hashEnd)
      : null;
  const row: EngineTransaction = {
    id: '',
    wallet,
    timestamp,
    kind,
    subtype,
    label,
    sent,
    received,
    fee,
    fiat_value: fiatValue,
    tx_hash: txHash,
    token_contract: null,
    classification: null,
    pairId: null,
  };
  row.classification = classificationOf(row);
  return row;
}

/** Cell i's plain amount as canonical text, null for an empty cell, undefined for anything else. */
function amountAt(line: string, i: number): string | null | undefined {
  const start = startOf(i);
  const end = CUTS[i]!;
  if (end === start) return null;
  return plainCanonical(line.slice(start, end));
}

/**
 * The leg of amount cell i and code cell i + 1: null when the amount is empty, undefined when
 * the amount is not plain or the code not an upper-case one.
 */
function legAt(line: string, i: number): Leg | null | undefined {
  const amount = amountAt(line, i);
  if (amount == null) return amount;
  const start = CUTS[i]! + 1;
  const end = CUTS[i + 1]!;
  if (!isCode(line, start, end, 12)) return undefined;
  return { asset: assetCode(line.slice(start, end)), amount };
}

/** Upper-case letters and digits from start to end, at most `limit` of them (at least one). */
function isCode(line: string, start: number, end: number, limit: number): boolean {
  const length = end - start;
  if (length < 1 || length > limit) return false;
  for (let k = start; k < end; k++) {
    const code = line.charCodeAt(k);
    if (!((code >= 65 && code <= 90) || (code >= 48 && code <= 57))) return false;
  }
  return true;
}

/** A non-empty hash cell that passed plainText: its text, or null for a placeholder. */
function hashAt(line: string, start: number, end: number): string | null {
  const text = line.slice(start, end);
  return isPlaceholder(text) ? null : text;
}

/**
 * Printable ASCII from start to end, spaces inside only (nothing trim() would remove, no BOM),
 * within the limit: the parser's trimmed cell is the text itself.
 */
function plainText(line: string, start: number, end: number, limit: number): boolean {
  if (end - start > limit) return false;
  for (let k = start; k < end; k++) {
    const code = line.charCodeAt(k);
    if (code <= 32 || code >= 127) {
      if (code === 32 && k > start && k < end - 1) continue;
      return false;
    }
  }
  return true;
}
