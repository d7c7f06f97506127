import type { DisposalLine } from '@lotwise/engine/types';
import { type BufferPool, ByteChunk } from './byte-chunk.ts';
import { disposalText, printed } from './disposal-json.ts';
import { IncompleteLines } from './incomplete.ts';
import { HUGE_INSIDE, LONG_LIST, type Piece, pieces } from './write-json.ts';

/**
 * One tax year's disposal lines as the engine records them (its `onDisposal`), printed the
 * moment the list is long: a long list's item is its compact line (DisposalJson), so it is
 * encoded at once into chunks of bytes and the line object dies young. Kept as objects until
 * their year ended, half a million lines were copied twice each by the collector.
 *
 * `print` writes exactly what writeJson's `pieces` writes of the year's `disposals` list
 * (yearJson's items): a list of at most LONG_LIST lines printed whole, indented; a longer one
 * line by line, a line with more than HUGE_INSIDE lots walked.
 */
export class YearLines {
  readonly incomplete = new IncompleteLines();
  /** The lines while the list is short. */
  private short: DisposalLine[] = [];
  /** Once it is long: chunks of encoded lines, and lines to walk, in order. */
  private long: Array<Buffer | DisposalLine> | null = null;
  private readonly chunk: ByteChunk;
  private count = 0;

  /** `indent`: where the list is printed (its items one level deeper). */
  constructor(
    private readonly indent: string,
    pool: BufferPool | null = null,
  ) {
    this.chunk = new ByteChunk(pool);
  }

  add(line: DisposalLine): void {
    this.incomplete.add(line);
    if (this.long !== null) {
      this.encode(line);
      return;
    }
    this.short.push(line);
    if (this.short.length <= LONG_LIST) return;
    this.long = [];
    for (const kept of this.short) this.encode(kept);
    this.short = [];
  }

  /** The list's pieces, as `pieces(yearJson(summary, true).disposals, indent)` yields them. */
  *print(): Generator<Piece> {
    if (this.long === null) {
      yield* pieces(this.short.map(printed), this.indent);
      return;
    }
    if (!this.chunk.empty) this.long.push(this.chunk.take());
    yield '[';
    const inner = `${this.indent}  `;
    for (const item of this.long) {
      if (Buffer.isBuffer(item)) yield item;
      else yield* pieces(printed(item), inner);
    }
    yield `\n${this.indent}]`;
  }

  /** The chunks `print` gave out (for their pool, once written). */
  chunks(): Buffer[] {
    return this.long === null ? [] : this.long.filter((item) => Buffer.isBuffer(item));
  }

  private encode(line: DisposalLine): void {
    const long = this.long!;
    const separator = this.count++ === 0 ? `\n${this.indent}  ` : `,\n${this.indent}  `;
    if (line.lots.length > HUGE_INSIDE) {
      // Too many lots for a line: walked when printed, as `pieces` walks such an item (its
      // separator in bytes of its own: a chunk taken for it would hold a megabyte for two).
      if (!this.chunk.empty) long.push(this.chunk.take());
      long.push(Buffer.from(separator), line);
      return;
    }
    const text = disposalText(line);
    const length = separator.length + text.length;
    if (!this.chunk.fits(length) && !this.chunk.empty) long.push(this.chunk.take());
    if (!this.chunk.fits(length)) {
      // Longer than a chunk's room: printed as text of its own.
      long.push(Buffer.from(separator + text));
      return;
    }
    this.chunk.add(separator);
    this.chunk.add(text);
    if (this.chunk.full) long.push(this.chunk.take());
  }
}
