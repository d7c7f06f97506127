import type { Writable } from 'node:stream';
import { ByteChunk, CHUNK_CHARS } from './byte-chunk.ts';

/** What `pieces` yields: text, or a chunk of a long list's lines already encoded (UTF-8). */
export type Piece = string | Buffer;

/** Lists longer than this print one item per line. */
export const LONG_LIST = 16;

/** An item of a long list with a list longer than this inside is walked, not printed whole. */
export const HUGE_INSIDE = 10_000;

/**
 * An item of a long list that prints itself: `toText()` is exactly what JSON.stringify prints
 * of the object it stands for. Only for items of lists longer than LONG_LIST that fit on a
 * line (anywhere else it would be printed as an object of its own fields).
 */
export abstract class OwnJson {
  abstract toText(): string;
}

/**
 * Writes `value` as JSON in chunks, with back-pressure: a million rows' result is larger than
 * the biggest string V8 can build ("RangeError: Invalid string length" in JSON.stringify,
 * issue 17).
 *
 * The layout is JSON.stringify(value, null, 2)'s except that a long list (more than 16 items:
 * disposal lines, transactions, warnings) prints each item compact on a line of its own. A
 * disposal with its lots is then one line of ~330 characters instead of ~25 indented ones
 * (970): a million-row result writes in a third of the time, and stays easy to read and grep.
 * Every item is printed by the native JSON.stringify; only the containers are walked here.
 */
export async function writeJson(value: unknown, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  let pending = '';
  for (const piece of pieces(value, '')) {
    if (typeof piece !== 'string' || piece.length >= CHUNK_CHARS) {
      // A piece already joined to size goes out as it is (no copy into a larger rope).
      if (pending !== '') await write(out, pending);
      await write(out, piece);
      pending = '';
      continue;
    }
    pending += piece;
    if (pending.length >= CHUNK_CHARS) {
      await write(out, pending);
      pending = '';
    }
  }
  await write(out, `${pending}\n`);
}

/** Writes one chunk and waits for it to be taken (the callback), so memory holds one chunk. */
function write(out: NodeJS.WritableStream, text: string | Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

/** Containers worth walking: plain arrays and objects without their own toJSON. */
function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return (
    (proto === Object.prototype || proto === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/** Printed whole (indented as JSON.stringify would): no long list anywhere inside. */
function isSmall(value: Record<string, unknown> | unknown[]): boolean {
  const items = Array.isArray(value) ? value : Object.values(value);
  if (Array.isArray(value) && items.length > LONG_LIST) return false;
  return items.every((v) => !isContainer(v) || isSmall(v));
}

/** An item of a long list that fits on its line: no huge list directly or one level inside. */
function fitsOnALine(value: unknown): boolean {
  if (!isContainer(value)) return true;
  // Loops without Object.values: this runs once per disposal line, a million times.
  if (Array.isArray(value)) {
    if (value.length > HUGE_INSIDE) return false;
    for (const item of value) if (isHuge(item)) return false;
    return true;
  }
  for (const key in value) if (isHuge(value[key])) return false;
  return true;
}

/** A list or object with more than HUGE_INSIDE entries. */
function isHuge(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.length > HUGE_INSIDE;
  let count = 0;
  for (const _ in value) if (++count > HUGE_INSIDE) return true;
  return false;
}

/** JSON.stringify(value, null, 2) of a part printed at `indent`. */
function indented(value: unknown, indent: string): string | undefined {
  const text = JSON.stringify(value, null, 2) as string | undefined;
  return text === undefined || indent === '' || !text.includes('\n')
    ? text
    : text.replaceAll('\n', `\n${indent}`);
}

export function* pieces(value: unknown, indent: string): Generator<Piece> {
  if (!isContainer(value) || isSmall(value)) {
    yield indented(value, indent) ?? 'null';
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    yield '[';
    // Items that fit on a line are encoded into chunks of about CHUNK_CHARS bytes here: one
    // yield and one rope per item cost more than printing them (a million disposal lines).
    const chunk = new ByteChunk();
    for (let i = 0; i < value.length; i++) {
      const separator = i === 0 ? `\n${inner}` : `,\n${inner}`;
      const item = value[i];
      if (fitsOnALine(item)) {
        // Like JSON.stringify: undefined, functions and symbols in a list print as null.
        const text =
          item instanceof OwnJson ? item.toText() : ((JSON.stringify(item) as string | undefined) ?? 'null');
        const length = separator.length + text.length;
        if (!chunk.fits(length) && !chunk.empty) yield chunk.take();
        if (!chunk.fits(length)) {
          // An item longer than a chunk's room goes out as its own text.
          yield separator;
          yield text;
          continue;
        }
        chunk.add(separator);
        chunk.add(text);
        if (chunk.full) yield chunk.take();
        continue;
      }
      if (!chunk.empty) yield chunk.take();
      yield separator;
      yield* pieces(item, inner);
    }
    if (!chunk.empty) yield chunk.take();
    yield `\n${indent}]`;
    return;
  }
  const first = yield* entries(value, indent, true);
  yield first ? '{}' : `\n${indent}}`;
}

/**
 * The entries of an object printed at `indent`, as `pieces` prints them inside its braces:
 * `first` says no entry came before (the opening brace is then the first piece). Returns
 * whether still none has been printed.
 */
export function* entries(
  value: Record<string, unknown>,
  indent: string,
  first: boolean,
): Generator<Piece, boolean> {
  const inner = `${indent}  `;
  for (const [key, item] of Object.entries(value)) {
    const walk = isContainer(item) && !isSmall(item);
    const text = walk ? null : indented(item, inner);
    if (text === undefined) continue; // JSON.stringify leaves out undefined properties
    yield `${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `;
    first = false;
    if (text === null) yield* pieces(item, inner);
    else yield text;
  }
  return first;
}

/**
 * writeJson's pieces for a document written while it is still being made (the CLI prints
 * each tax year as the engine finishes it): `put` may be called from synchronous code, so
 * it hands full chunks to the stream without waiting (stdout to a file or a pipe is
 * synchronous on Linux; elsewhere the stream buffers them); `end` waits for the last one.
 */
export class JsonChunks {
  private pending = '';

  constructor(private readonly out: NodeJS.WritableStream = process.stdout) {}

  put(piece: Piece): void {
    if (typeof piece !== 'string' || piece.length >= CHUNK_CHARS) {
      if (this.pending !== '') this.out.write(this.pending);
      this.out.write(piece);
      this.pending = '';
      return;
    }
    this.pending += piece;
    if (this.pending.length >= CHUNK_CHARS) {
      this.out.write(this.pending);
      this.pending = '';
    }
  }

  /**
   * Whether the stream holds none of the buffers it was given (a buffer is handed over at once,
   * never kept in `pending`): it wrote each as it came (process.stdout to a file, the worker's
   * stdout), so they may be filled again.
   */
  drained(): boolean {
    return (this.out as Partial<Pick<Writable, 'writableLength'>>).writableLength === 0;
  }

  /** The last piece and the final newline, as writeJson ends. */
  end(): Promise<void> {
    const text = `${this.pending}\n`;
    this.pending = '';
    return write(this.out, text);
  }
}
