import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { stringify } from 'csv-stringify/sync';

/** A rendered history on disk: where, how large, and its SHA-256 (the upload's identity). */
export interface RenderedFile {
  path: string;
  bytes: number;
  sha256: string;
}

/**
 * A source's CSV written page by page as the pages arrive, so a long history never sits in
 * memory (issue 18: flat memory for API imports). Pages go to a scratch file; `finish` writes
 * the header and the pages — in reverse for an API that pages newest first, giving the
 * oldest-first file the exchange's own export is — one page in memory at a time.
 */
export class PagedCsvFile {
  private readonly pages: { at: number; length: number }[] = [];
  private written = 0;

  private constructor(
    private readonly target: string,
    private readonly scratch: Awaited<ReturnType<typeof open>>,
    private readonly columns: readonly string[],
    private readonly quoted: boolean,
  ) {}

  static async create(target: string, columns: readonly string[], options: { quoted?: boolean } = {}) {
    const scratch = await open(`${target}.pages`, 'w+');
    return new PagedCsvFile(target, scratch, columns, options.quoted ?? false);
  }

  /** Appends one page's rows (in the order they are to be read within the page). */
  async page(rows: string[][]): Promise<void> {
    if (rows.length === 0) return;
    const bytes = Buffer.from(stringify(rows, { quoted: this.quoted }));
    await this.scratch.write(bytes, 0, bytes.length, this.written);
    this.pages.push({ at: this.written, length: bytes.length });
    this.written += bytes.length;
  }

  /** Writes the file (pages in order, or last page first) and removes the scratch file. */
  async finish(order: 'in-order' | 'reverse-pages'): Promise<RenderedFile> {
    const out = await open(this.target, 'w');
    const hash = createHash('sha256');
    let bytes = 0;
    const append = async (chunk: Buffer) => {
      hash.update(chunk);
      await out.write(chunk, 0, chunk.length, bytes);
      bytes += chunk.length;
    };
    try {
      await append(
        Buffer.from(stringify([], { header: true, columns: [...this.columns], quoted: this.quoted })),
      );
      const pages = order === 'in-order' ? this.pages : [...this.pages].reverse();
      for (const { at, length } of pages) {
        const chunk = Buffer.alloc(length);
        await this.scratch.read(chunk, 0, length, at);
        await append(chunk);
      }
    } finally {
      await out.close();
      await this.discard();
    }
    return { path: this.target, bytes, sha256: hash.digest('hex') };
  }

  /** Drops the scratch file (on failure, or once finished). */
  async discard(): Promise<void> {
    await this.scratch.close().catch(() => undefined);
    await rm(`${this.target}.pages`, { force: true });
  }
}
