import { classificationOf } from '@lotwise/engine/label-classification';
import type { EngineTransaction } from '@lotwise/engine/types';
import { isFiat } from '@lotwise/importers/core/assets';
import { isPlaceholder } from '@lotwise/importers/core/decimal';
import { assetCode } from '@lotwise/importers/core/records';
import { plainCanonical } from '@lotwise/importers/core/row';
import { parseTime, TimeError } from '@lotwise/importers/core/time';
import { KOINLY_INCOME_TAGS, KOINLY_SPEND_TAGS } from '@lotwise/importers/formats/koinly-universal';
import type { LineReader } from '@lotwise/importers/parse';

/** The universal template's columns in the template's own order: the only header read here. */
const COLUMNS = [
  'Date',
  'Sent Amount',
  'Sent Currency',
  'Received Amount',
  'Received Currency',
  'Fee Amount',
  'Fee Currency',
  'Net Worth Amount',
  'Net Worth Currency',
  'Label',
  'Description',
  'TxHash',
];

/** A code the importer stores as it is (assetCode leaves it, the storable checks pass it). */
const CODE = /^[A-Z0-9]{1,12}$/;
/** A fiat value's currency the importer stores as it is. */
const CURRENCY = /^[A-Z0-9]{1,8}$/;
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

/** The engine's row for one line (loadWallets' engineRow of the parser's record), or null. */
function universalRow(line: string, wallet: string): EngineTransaction | null {
  const c = line.split(',');
  if (c.length !== 12) return null;
  // The parser's reading order: net worth, label, its currency, then the date and the legs.
  const worth = amountOf(c[7]!);
  if (worth === undefined) return null;
  const labelCell = c[9]!;
  const worthCurrency = c[8]!;
  if (worthCurrency !== '' && !CURRENCY.test(worthCurrency)) return null;
  if (worth !== null && worthCurrency === '') return null;
  const date = c[0]!;
  if (date.length !== 19 && date.length !== 20) return null;
  let timestamp: string;
  try {
    timestamp = parseTime(date, 'iso');
  } catch (e) {
    if (e instanceof TimeError) return null;
    throw e;
  }
  const sent = legOf(c[1]!, c[2]!);
  if (sent === undefined) return null;
  const received = legOf(c[3]!, c[4]!);
  if (received === undefined) return null;
  const fee = legOf(c[5]!, c[6]!);
  if (fee === undefined) return null;
  const hash = c[11]!;
  if (hash !== '' && !plainText(hash, TX_HASH_LIMIT)) return null;
  const txHash = hash === '' || isPlaceholder(hash) ? null : hash;
  if (c[10]!.indexOf('\u0000') !== -1) return null;
  const fiat = worth !== null ? { currency: worthCurrency, amount: worth } : null;
  // fromLegs: the kind from the legs, refined by the label (own keys of its tables only).
  let kind: string;
  let subtype: string | null;
  let fiatValue = fiat;
  if (
    labelCell !== '' &&
    !Object.hasOwn(KOINLY_INCOME_TAGS, labelCell) &&
    !Object.hasOwn(KOINLY_SPEND_TAGS, labelCell)
  )
    return null;
  const label = labelCell === '' ? null : labelCell;
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
    tx_hash: kind === 'deposit' || kind === 'withdrawal' ? txHash : null,
    token_contract: null,
    classification: null,
    pairId: null,
  };
  row.classification = classificationOf(row);
  return row;
}

/** A plain amount's canonical text, null for an empty cell, undefined for anything else. */
function amountOf(cell: string): string | null | undefined {
  return cell === '' ? null : plainCanonical(cell);
}

/** A leg of a plain amount and an upper-case code, null when the amount is empty, else undefined. */
function legOf(amountCell: string, assetCell: string): Leg | null | undefined {
  if (amountCell === '') return null;
  const amount = plainCanonical(amountCell);
  if (amount === undefined || !CODE.test(assetCell)) return undefined;
  return { asset: assetCode(assetCell), amount };
}

/** Printable ASCII from end to end (nothing trim() would remove, no NUL or BOM), within the limit. */
function plainText(text: string, limit: number): boolean {
  if (text.length > limit) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 32 || code >= 127) {
      if (code === 32 && i > 0 && i < text.length - 1) continue;
      return false;
    }
  }
  return true;
}
