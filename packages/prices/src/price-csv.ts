import { isFiat, isWellFormedAsset } from '@lotwise/engine/assets';
import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { isDay } from './days.ts';
import type { StoredPrice } from './types.ts';

export interface PriceFileOptions {
  /** Recorded as the prices' origin ("file:<name>"). */
  name: string;
  /** CoinGecko's per-coin export names no asset: this one. */
  asset?: string;
  /** Quote of a CoinGecko export (its vs currency) or of the old `asset,date,price` layout. */
  currency?: string;
}

export interface PriceFileError {
  line: number;
  field: string | null;
  message: string;
}

export type PriceFileResult =
  | { ok: true; layout: 'lotwise' | 'coingecko' | 'asset-date-price'; prices: StoredPrice[] }
  | { ok: false; errors: PriceFileError[] };

const LAYOUTS = {
  lotwise: ['date', 'asset', 'price', 'currency'],
  coingecko: ['snapped_at', 'price', 'market_cap', 'total_volume'],
  'asset-date-price': ['asset', 'date', 'price'],
} as const;

const HEADER_HELP =
  'the first line must be date,asset,price,currency (or CoinGecko’s snapped_at,price,market_cap,total_volume)';

/** At most this many problems are listed; the file is refused as a whole either way. */
const MAX_ERRORS = 50;

/**
 * Reads a daily price file: `date,asset,price,currency` (ISO date, or date and UTC time for a
 * minute's price; asset code; decimal price; fiat code), CoinGecko's per-coin history export
 * (`snapped_at,price,market_cap,total_volume`, the asset named by the caller), or the older
 * `asset,date,price` (quoted in `currency`). All or nothing: any bad row refuses the file and
 * every problem names its line and field.
 */
export function parsePriceFile(bytes: Buffer | string, options: PriceFileOptions): PriceFileResult {
  const text = typeof bytes === 'string' ? bytes : bytes.toString('utf8');
  if (text.includes('\u0000')) return fail(1, null, 'this is not a text (CSV) file');
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with its physical line (csv-parse's types omit that overload).
    rows = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      info: true,
      relax_column_count: true,
    }) as unknown as typeof rows;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return fail(line, null, `the file cannot be read as CSV (${(error as Error).message.split('.')[0]})`);
  }
  const header = rows[0];
  if (!header) return fail(1, null, `the file is empty; ${HEADER_HELP}`);
  const names = header.record.map((h) => h.toLowerCase());
  const layout = (Object.keys(LAYOUTS) as Array<keyof typeof LAYOUTS>).find((l) =>
    LAYOUTS[l].every((column) => names.includes(column)),
  );
  if (!layout)
    return fail(header.info.lines, null, `unknown columns "${header.record.join(',')}"; ${HEADER_HELP}`);
  if (layout === 'coingecko' && !options.asset) {
    return fail(header.info.lines, null, 'a CoinGecko export does not name its coin: say which asset it is');
  }
  const col = (name: string) => names.indexOf(name);
  const errors: PriceFileError[] = [];
  const prices: StoredPrice[] = [];
  const origin = `file:${options.name}`;
  for (const { record, info } of rows.slice(1)) {
    const line = info.lines;
    const cell = (name: string) => record[col(name)] ?? '';
    const problems: PriceFileError[] = [];
    const when = layout === 'coingecko' ? readSnappedAt(cell('snapped_at')) : readDate(cell('date'));
    if (typeof when === 'string')
      problems.push({ line, field: layout === 'coingecko' ? 'snapped_at' : 'date', message: when });
    const asset = (layout === 'coingecko' ? options.asset! : cell('asset')).toUpperCase();
    if (!isWellFormedAsset(asset))
      problems.push({ line, field: 'asset', message: `"${short(asset)}" is not an asset code` });
    const price = readPrice(cell('price'));
    if (price === null)
      problems.push({
        line,
        field: 'price',
        message: `"${short(cell('price'))}" is not a decimal price of 0 or more`,
      });
    const currency = (layout === 'lotwise' ? cell('currency') : (options.currency ?? 'USD')).toUpperCase();
    if (!isFiat(currency))
      problems.push({
        line,
        field: 'currency',
        message: `"${short(currency)}" is not a fiat currency code (USD, EUR, GBP, …)`,
      });
    if (isFiat(asset) && asset === currency)
      problems.push({ line, field: 'asset', message: `${asset} priced in itself` });
    if (problems.length > 0 || typeof when === 'string' || price === null) {
      errors.push(...problems);
      if (errors.length >= MAX_ERRORS) break;
      continue;
    }
    prices.push({ asset, day: when.day, minute: when.minute, quote: currency, price, origin });
  }
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };
  if (prices.length === 0) return fail(header.info.lines, null, 'the file has a header but no prices');
  return { ok: true, layout, prices };
}

function readDate(text: string): { day: string; minute: string | null } | string {
  const day = text.slice(0, 10);
  if (!isDay(day)) return `"${short(text)}" is not a date (YYYY-MM-DD)`;
  if (text.length === 10) return { day, minute: null };
  // A date with a time is a minute's price, in UTC (a Z or +00:00 may follow).
  const match = /^[T ](\d{2}):(\d{2})(:\d{2}(\.\d+)?)?(Z|\+00:?00| UTC)?$/.exec(text.slice(10));
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) {
    return `"${short(text)}" is not a date (YYYY-MM-DD) or a UTC date and time (YYYY-MM-DDTHH:MM:SSZ)`;
  }
  return { day, minute: `${match[1]}:${match[2]}` };
}

/** CoinGecko writes "2024-01-01 00:00:00 UTC": one price a day, at midnight UTC. */
function readSnappedAt(text: string): { day: string; minute: null } | string {
  const day = text.slice(0, 10);
  return isDay(day) ? { day, minute: null } : `"${short(text)}" is not a date`;
}

function readPrice(text: string): string | null {
  if (!/^[+]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return null;
  const value = new Decimal(text);
  return value.isNeg() ? null : value.toFixed();
}

/** A short printable excerpt of a cell, so a bad file never fills a message with its bytes. */
function short(text: string): string {
  const printable = text.replace(/[^\x20-\x7e\u00a0-\u024f]/g, '?');
  return printable.length > 24 ? `${printable.slice(0, 24)}…` : printable;
}

function fail(line: number, field: string | null, message: string): PriceFileResult {
  return { ok: false, errors: [{ line, field, message }] };
}

/** "line 7, price: "abc" is not a decimal price" — how errors read in the CLI and the API. */
export function formatPriceFileError(error: PriceFileError): string {
  return `line ${error.line}${error.field ? `, ${error.field}` : ''}: ${error.message}`;
}
