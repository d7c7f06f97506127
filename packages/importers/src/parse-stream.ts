import type { NormalisedTransaction, RowError, SkippedRow } from '@lotwise/contracts/normalised';
import { CsvTokenizer, countLineBreaks } from './core/csv.ts';
import { StreamDecoder } from './core/decode.ts';
import { FormatRun } from './core/driver.ts';
import type { ParseOptions } from './core/types.ts';
import { HEADER_SEARCH_LINES } from './detect.ts';
import { locateFormat } from './parse.ts';

/**
 * Streaming counterpart of `parseFile` for large uploads: bytes come in as chunks, records go
 * out in batches, and neither the file nor the full record list is ever held.
 *
 * - Layout detection runs on the first HEADER_SEARCH_LINES lines (read until that many line
 *   breaks, the end of input, or HEAD_LIMIT_CHARS characters, whichever comes first), with the
 *   same rules and failure messages as parseFile.
 * - Decoding: UTF-8 in streaming mode, BOM dropped; the Windows-1252 fallback is decided on the
 *   64 KB from the first non-ASCII byte (see StreamDecoder in core/decode.ts).
 * - The CSV tokenizer is the same one parseFile uses (core/csv.ts), fed chunk by chunk, so line
 *   numbers in records and errors are the physical lines parseFile reports.
 * - Records are delivered in the order the format emits them (file order for row-per-record
 *   formats), NOT sorted by timestamp; sort with `sortRecords` (core/driver.ts) if the caller
 *   needs parseFile's order. Skipped rows and errors come in the order parseFile lists them.
 *
 * Memory (what is held besides one chunk, one partial record and one batch):
 * - Flat, one record per row: Koinly, CoinTracker, CoinLedger universal,
 *   Binance spot / legacy trades, Binance.US, Kraken trades, Coinbase Pro fills, KuCoin (both),
 *   Gemini, Bitstamp (both), Bitfinex (both), OKX funding, Bybit funding, Electrum, Ledger Live,
 *   Exodus, Solscan, Trezor Suite legacy.
 * - Grouped rows held until end of input, other rows emitted at once: Coinbase 2020–2025
 *   (two-row converts, DEX buys, migrations), Coinbase Pro account (match/fee rows by trade id),
 *   Kraken ledgers (refid groups), Binance statements v1–v3 (same-second trade aggregation),
 *   Crypto.com app (paired types), Bybit UTA (trade legs), Gate.io account book (trade legs),
 *   CoinTracking both layouts (rows with a fee in a third asset, matched to Other Fee rows).
 * - Every row held until end of input: Etherscan normal / internal / ERC-20 (direction needs the
 *   own address, inferred from all rows), OKX trading (order groups), Trezor Suite
 *   transactions (txid groups), CoinLedger export (id groups).
 * Held state grows with the file as with parseFile, but without the file text or the full record
 * list (a held Row's cells may keep the chunk strings they were cut from alive).
 */

export interface StreamSink {
  /** Called with batches of records in file order (not sorted), each batch at most ~1000 records. */
  records(batch: NormalisedTransaction[]): void | Promise<void>;
  errors?(batch: RowError[]): void | Promise<void>;
  skipped?(batch: SkippedRow[]): void | Promise<void>;
}

export interface StreamSummary {
  format: string;
  records: number;
  errors: number;
  skipped: number;
  /**
   * Set when nothing could be parsed: unknown layout, header not found, or a required column
   * missing (the first such error; every one also goes to `sink.errors`). Same messages and
   * lines as the errors parseFile returns in those cases.
   */
  fatal: RowError | null;
}

/** Upper bound on a batch handed to the sink. */
export const BATCH_SIZE = 1000;
/** Detection gives up waiting for HEADER_SEARCH_LINES line breaks after this many characters. */
export const HEAD_LIMIT_CHARS = 1 << 20;

export async function parseStream(
  chunks: AsyncIterable<Uint8Array>,
  options: ParseOptions & { format?: string },
  sink: StreamSink,
): Promise<StreamSummary> {
  const iterator = chunks[Symbol.asyncIterator]();
  let exhausted = false;
  const decoder = new StreamDecoder();
  const nextText = async (): Promise<string | null> => {
    if (exhausted) return null;
    const step = await iterator.next();
    if (step.done) {
      exhausted = true;
      return decoder.end();
    }
    return decoder.decode(step.value);
  };

  let records: NormalisedTransaction[] = [];
  let errors: RowError[] = [];
  let skipped: SkippedRow[] = [];
  const counts = { records: 0, errors: 0, skipped: 0 };
  const flush = async (all: boolean): Promise<void> => {
    if (errors.length >= BATCH_SIZE || (all && errors.length > 0)) {
      const batch = errors;
      errors = [];
      for (let k = 0; k < batch.length; k += BATCH_SIZE) await sink.errors?.(slice(batch, k));
    }
    if (skipped.length >= BATCH_SIZE || (all && skipped.length > 0)) {
      const batch = skipped;
      skipped = [];
      for (let k = 0; k < batch.length; k += BATCH_SIZE) await sink.skipped?.(slice(batch, k));
    }
    if (records.length >= BATCH_SIZE || (all && records.length > 0)) {
      const batch = records;
      records = [];
      for (let k = 0; k < batch.length; k += BATCH_SIZE) await sink.records(slice(batch, k));
    }
  };

  try {
    // 1. Enough of the start of the file to find the header row.
    let head = '';
    let breaks = 0;
    while (breaks < HEADER_SEARCH_LINES && head.length < HEAD_LIMIT_CHARS) {
      const text = await nextText();
      if (text === null) break;
      breaks += countLineBreaks(text);
      head += text;
    }
    // A CR at the end may be the first half of a CRLF: the header row's break must be whole.
    while (head.endsWith('\r')) {
      const text = await nextText();
      if (text === null) break;
      head += text;
    }

    // 2. Layout and header, exactly as parseFile decides them.
    const found = locateFormat(head, options);
    if ('message' in found) {
      const fatal: RowError = { line: 1, column: null, message: found.message };
      await sink.errors?.([fatal]);
      return { format: found.format, records: 0, errors: 1, skipped: 0, fatal };
    }
    const { def, header } = found;
    const run = new FormatRun(def, header, options, {
      emit: (t) => {
        records.push(t);
        counts.records += 1;
      },
      skip: (s) => {
        skipped.push(s);
        counts.skipped += 1;
      },
      error: (e) => {
        errors.push(e);
        counts.errors += 1;
      },
    });
    if (run.missing.length > 0) {
      await flush(true);
      return { format: def.id, ...counts, fatal: run.missing[0] ?? null };
    }

    // 3. The body, chunk by chunk.
    const tokenizer = new CsvTokenizer(header.delimiter, header.line + 1);
    const drain = async (): Promise<void> => {
      for (let record = tokenizer.next(); record !== null; record = tokenizer.next()) {
        run.record(record);
        if (records.length >= BATCH_SIZE || errors.length >= BATCH_SIZE || skipped.length >= BATCH_SIZE) {
          await flush(false);
        }
      }
    };
    tokenizer.push(head, found.bodyOffset);
    head = '';
    await drain();
    for (let text = await nextText(); text !== null; text = await nextText()) {
      tokenizer.push(text);
      await drain();
    }
    tokenizer.end();
    await drain();
    run.end();
    await flush(true);
    return { format: def.id, ...counts, fatal: null };
  } finally {
    if (!exhausted) await iterator.return?.();
  }
}

function slice<T>(batch: T[], k: number): T[] {
  return k === 0 && batch.length <= BATCH_SIZE ? batch : batch.slice(k, k + BATCH_SIZE);
}

/** Chunks of a byte array (tests, and callers that already hold the bytes). */
export async function* chunksOf(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let k = 0; k < bytes.length; k += size) yield bytes.subarray(k, k + size);
}
